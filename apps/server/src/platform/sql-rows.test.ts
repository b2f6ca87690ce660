import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../test/db';
import { rowsOf, type Db } from './db';
import { sqlRows } from './sql-rows';

let db: Db;

beforeAll(async () => {
  db = await openTestDb();
});

afterAll(async () => {
  await db.close();
});

describe('sqlRows', () => {
  it('reads back every column type, in order, with the characters array literals escape', async () => {
    const rows = [
      {
        n: 0,
        id: '6f1c2d0e-8a51-4c3b-9d7e-0a1b2c3d4e5f',
        text: 'quotes " and \' , braces {x} \\ back\\slash, NULL, ไทย 😀',
        big: '9007199254740993',
        at: new Date('2026-11-24T10:00:00.123Z'),
        payload: { nested: { list: [1, 'two', null] }, quote: '"' },
        flag: true,
      },
      { n: 1, id: null, text: '', big: null, at: null, payload: null, flag: false },
      { n: 2, id: undefined, text: 'NULL', big: '1', at: undefined, payload: [], flag: null },
    ];
    const result = await db.orm.execute(sql`
      SELECT v.n, v.id, v.text, v.big::text AS big, v.at, v.payload, v.flag
      FROM ${sqlRows(rows, { n: 'int', id: 'uuid', text: 'text', big: 'bigint', at: 'timestamptz', payload: 'jsonb', flag: 'boolean' }, 'v')}
      ORDER BY v.n`);
    const read = rowsOf<Record<string, unknown>>(result).map((r) => ({
      ...r,
      at: r.at === null ? null : new Date(r.at as string | Date).toISOString(),
    }));
    expect(read).toEqual([
      { ...rows[0], at: '2026-11-24T10:00:00.123Z' },
      { n: 1, id: null, text: '', big: null, at: null, payload: null, flag: false },
      { n: 2, id: null, text: 'NULL', big: '1', at: null, payload: [], flag: null },
    ]);
  });

  it('gives no rows for no rows', async () => {
    const result = await db.orm.execute(
      sql`SELECT count(*)::int AS count FROM ${sqlRows([] as Array<{ id: string }>, { id: 'uuid' }, 'v')}`,
    );
    expect(rowsOf<{ count: number }>(result)).toEqual([{ count: 0 }]);
  });

  it('lets PostgreSQL count the rows, so a handful of keys is looked up through the index', async () => {
    const keys = Array.from({ length: 20 }, (_, n) => ({ n }));
    const result = await db.orm.execute(
      sql`EXPLAIN (FORMAT JSON) SELECT * FROM ${sqlRows(keys, { n: 'int' }, 'v')}`,
    );
    const [row] = rowsOf<{ 'QUERY PLAN': unknown }>(result);
    const plan = (
      typeof row!['QUERY PLAN'] === 'string' ? JSON.parse(row!['QUERY PLAN']) : row!['QUERY PLAN']
    ) as Array<{
      Plan: { 'Plan Rows': number };
    }>;
    expect(plan[0]!.Plan['Plan Rows']).toBe(20);
  });
});
