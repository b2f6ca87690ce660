// Rows passed to one SQL statement as a table: one array parameter per column, read back with `unnest`.
// The planner sees how many rows come (PostgreSQL counts a bound array's elements), so a batch of twenty
// keys is joined through the index. `json_to_recordset`, used before, is always estimated at 100 rows: the
// planner hashed them and read the whole table instead, every batch (contacts, identities and issues were
// scanned end to end thousands of times a minute under steady traffic). Both drivers bind arrays alike.
import { sql, type SQL } from 'drizzle-orm';

/** The column types a row set may carry. */
export type SqlRowType = 'uuid' | 'text' | 'bigint' | 'int' | 'float8' | 'timestamptz' | 'jsonb' | 'boolean';

/** A parameter value as the array literal carries it: dates as ISO text, JSON objects as their text. */
function paramOf(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return value;
}

/**
 * `unnest($1::type[], $2::type[], …) AS alias("column", …)`: the rows as a table in a FROM clause, one
 * column per key of `columns` (a missing value is NULL), in the rows' order.
 */
export function sqlRows<Row extends object>(
  rows: readonly Row[],
  columns: { [Column in keyof Row & string]?: SqlRowType },
  alias: string,
): SQL {
  const names = Object.keys(columns) as Array<keyof Row & string>;
  const arrays = names.map(
    (name) => sql`${sql.param(rows.map((row) => paramOf(row[name])))}::${sql.raw(columns[name]!)}[]`,
  );
  const columnList = names.map((name) => `"${name}"`).join(', ');
  return sql`unnest(${sql.join(arrays, sql`, `)}) AS ${sql.raw(alias)}(${sql.raw(columnList)})`;
}
