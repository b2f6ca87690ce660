// Query plans behind bench/workspace.ts: `npx tsx bench/workspace-explain.ts [name filter | search:<term>]` prints
// EXPLAIN (ANALYZE, BUFFERS) of the issue list and status-count queries exactly as the server builds them
// (issues.list.ts, captured before they run), for the same callers and filters, on the seeded database.
import { sql, type SQL } from 'drizzle-orm';
import type { IssueFilter } from '@sabai/contracts';
import type { IssueSort } from '@sabai/domain';
import {
  countByStatus,
  defaultOrder,
  listIssues,
  type Caller,
  type Cursor,
} from '../apps/server/src/modules/issues';
import { openDb, rowsOf, type Executor } from '../apps/server/src/platform/db';
import * as d from './workspace-data';

const only = process.argv[2];
const db = await openDb({ databaseUrl: d.WORKSPACE_DATABASE_URL, poolSize: 2 });

const [org] = await db.query<{ id: string; tz: string }>(
  `SELECT id, time_zone AS tz FROM organizations WHERE name = $1`,
  [d.WORKSPACE_ORG],
);
const userId = async (email: string) =>
  (await db.query<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [email]))[0]!.id;
const staffEmail = (
  await db.query<{ email: string }>(
    `SELECT u.email FROM users u JOIN team_members tm ON tm.user_id = u.id
     WHERE u.email LIKE 'staff%' AND tm.team_id = (SELECT id FROM teams WHERE name = $1) ORDER BY u.email LIMIT 1`,
    [d.TEAM_NAMES[0]],
  )
)[0]!.email;
const callers = {
  admin: { scope: 'all' as const, userId: await userId(d.WORKSPACE_ADMIN) },
  manager: { scope: 'myTeam' as const, userId: await userId(d.managerEmail(1)) },
  staff: { scope: 'myIssue' as const, userId: await userId(staffEmail) },
};
const caller = (who: keyof typeof callers): Caller => ({
  organizationId: org!.id,
  timeZone: org!.tz,
  ...callers[who],
});
const team = (await db.query<{ id: string }>(`SELECT id FROM teams WHERE name = $1`, [d.TEAM_NAMES[4]]))[0]!
  .id;
const tag = (
  await db.query<{ tag_id: string }>(
    `SELECT tag_id FROM issue_tags GROUP BY tag_id ORDER BY count(*) DESC LIMIT 1 OFFSET 2`,
  )
)[0]!.tag_id;
const agent = (
  await db.query<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [d.staffEmail(40)])
)[0]!.id;
const channel = (await db.query<{ id: string }>(`SELECT id FROM channels WHERE type = 'facebook'`))[0]!.id;

/** The statements a list call runs (its transaction's settings, then the query), captured instead of executed. */
async function capture(run: (ex: Executor) => Promise<unknown>) {
  const captured: SQL[] = [];
  const ex = {
    execute: async (query: SQL) => {
      captured.push(query);
      return { rows: [] };
    },
    transaction: async (fn: (tx: Executor) => Promise<unknown>) => fn(ex),
  } as unknown as Executor;
  await run(ex);
  return captured;
}

/** The cursor after page 1 (real call). */
async function cursorAfterPage1(who: keyof typeof callers, sort: IssueSort, filter: IssueFilter = {}) {
  const rows = await listIssues(db.orm, caller(who), {
    filter,
    sort,
    order: defaultOrder(sort),
    cursor: null,
    limit: 50,
  });
  const last = rows.at(-1)!;
  return { key: last.sort_key, id: Number(last.id) } satisfies Cursor;
}

type Scenario = { name: string; run: (ex: Executor) => Promise<unknown> };
const listOf =
  (
    who: keyof typeof callers,
    filter: IssueFilter,
    sort: IssueSort = 'lastResponse',
    cursor: Cursor | null = null,
  ) =>
  (ex: Executor) =>
    listIssues(ex, caller(who), { filter, sort, order: defaultOrder(sort), cursor, limit: 51 });
const countsOf = (who: keyof typeof callers, filter: IssueFilter) => (ex: Executor) =>
  countByStatus(ex, caller(who), filter);

const scenarios: Scenario[] = [
  { name: 'list default (admin)', run: listOf('admin', {}) },
  { name: 'list default (manager)', run: listOf('manager', {}) },
  { name: 'list default (staff)', run: listOf('staff', {}) },
  {
    name: 'list status+team+tag (admin)',
    run: listOf('admin', { status: 'close', team: [team], tag: [tag] }),
  },
  {
    name: 'list status+team+tag un-assigned (admin)',
    run: listOf('admin', { status: 'un-assigned', team: [team], tag: [tag] }),
  },
  { name: 'list agent (admin)', run: listOf('admin', { agent: [agent] }) },
  { name: 'list channel+last7Days (admin)', run: listOf('admin', { channel: [channel], time: 'last7Days' }) },
  { name: 'list status=waiting (manager)', run: listOf('manager', { status: 'waiting' }) },
  {
    name: 'list page 2 via cursor (admin)',
    run: listOf('admin', {}, 'lastResponse', await cursorAfterPage1('admin', 'lastResponse')),
  },
  { name: 'list sort=status (admin)', run: listOf('admin', {}, 'status') },
  { name: 'list sort=daysLeft (manager)', run: listOf('manager', {}, 'daysLeft') },
  { name: 'counts (admin)', run: countsOf('admin', {}) },
  { name: 'counts (manager)', run: countsOf('manager', {}) },
  { name: 'counts (staff)', run: countsOf('staff', {}) },
  { name: 'counts team (admin)', run: countsOf('admin', { team: [team] }) },
  ...['ขอบคุณ', 'ไซซ์', 'สินค้า', 'กระจูด', 'ทุเรียนกวน', 'refund'].map((term) => ({
    name: `search "${term}" (admin)`,
    run: listOf('admin', { search: term }),
  })),
  { name: 'search "ไซซ์" (manager)', run: listOf('manager', { search: 'ไซซ์' }) },
];

// `search:<term>` explains the admin's search for any term.
if (only?.startsWith('search:')) {
  scenarios.length = 0;
  scenarios.push({ name: only, run: listOf('admin', { search: only.slice('search:'.length) }) });
}

for (const s of scenarios) {
  if (only && !s.name.includes(only)) continue;
  const statements = await capture(s.run);
  // Replayed in a transaction like the server's, the last statement under EXPLAIN.
  const plan = (await db.orm.transaction(async (tx) => {
    for (const statement of statements.slice(0, -1)) await tx.execute(statement);
    return rowsOf<{ 'QUERY PLAN': string }>(
      await tx.execute(sql`EXPLAIN (ANALYZE, BUFFERS) ${statements.at(-1)!}`),
    );
  })) as Array<{ 'QUERY PLAN': string }>;
  console.log(`\n==== ${s.name}\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`);
}
await db.close();
