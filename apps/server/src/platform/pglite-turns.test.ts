import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ahead, takeTurns } from './pglite-turns';

let client: PGlite;

beforeAll(async () => {
  client = await PGlite.create();
  takeTurns(client);
  await client.exec('CREATE TABLE turns (id serial PRIMARY KEY, label text NOT NULL)');
});

afterAll(async () => {
  await client.close();
});

describe('the embedded database’s line', () => {
  it('lets statements marked ahead go before those already waiting, never into a running transaction', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query("INSERT INTO turns (label) VALUES ('transaction')");
      await held;
    });
    const waiting = [
      client.query("INSERT INTO turns (label) VALUES ('first in line')"),
      client.exec("INSERT INTO turns (label) VALUES ('second in line')"),
      ahead(() => client.query("INSERT INTO turns (label) VALUES ('ahead')")),
    ];
    release();
    await Promise.all([transaction, ...waiting]);

    const { rows } = await client.query<{ label: string }>('SELECT label FROM turns ORDER BY id');
    expect(rows.map((r) => r.label)).toEqual(['transaction', 'ahead', 'first in line', 'second in line']);
  });

  it('passes a failure to its caller and goes on with the line', async () => {
    await expect(client.query('SELECT * FROM no_such_table')).rejects.toThrow(/no_such_table/);
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM turns');
    expect(rows).toEqual([{ n: 4 }]);
  });
});
