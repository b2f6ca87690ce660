// Agent workspace read latency on the large dataset: `npx tsx bench/workspace.ts` after
// `npx tsx bench/seed-workspace.ts`. BENCH_DATABASE_URL as there; BENCH_REQUESTS per line (default 200);
// BENCH_LINE_SECONDS caps a slow line, at least 5 calls (default 30); BENCH_TIMEOUT_SECONDS per call (default
// 60); BENCH_ONLY=substring runs the matching lines. Starts the real app on that database (no workers, no
// websocket), signs in as an admin, a manager and a staff member, and calls the API over HTTP on a loopback
// port, one request at a time: for each line a first (cold) call, a warm-up, then the measured calls. Prints
// p50/p95/p99 against the budget.
import os from 'node:os';
import { readFile } from 'node:fs/promises';
import { SEARCH_COUNT_TIMEOUT_MS } from '../apps/server/src/modules/issues';
import { openDb } from '../apps/server/src/platform/db';
import { serveSeededDb } from './support';
import * as d from './workspace-data';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARMUP = 20;
const LINE_SECONDS = Number(process.env.BENCH_LINE_SECONDS ?? 30);
const TIMEOUT_SECONDS = Number(process.env.BENCH_TIMEOUT_SECONDS ?? 60);
const ONLY = process.env.BENCH_ONLY;

// Reproducible choices (mulberry32).
let seed = 0x5aba1;
function random() {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const choose = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;

const db = await openDb({ databaseUrl: d.WORKSPACE_DATABASE_URL, poolSize: 20 });
const [seeded] = await db.query<{ n: string }>(
  `SELECT count(*) AS n FROM issues WHERE organization_id = (SELECT id FROM organizations WHERE name = $1)`,
  [d.WORKSPACE_ORG],
);
if (!seeded || Number(seeded.n) === 0) {
  console.error('No workspace data: run `npx tsx bench/seed-workspace.ts` first.');
  process.exit(1);
}
// Pending migrations (a new index) are applied to the seeded data, as a deploy would.
const migrateStarted = performance.now();
await db.migrate();
const migrateMs = performance.now() - migrateStarted;
if (migrateMs > 1000) {
  // A migration that rewrote rows (a backfill) leaves the visibility map unset until autovacuum comes by,
  // and index-only scans visit the heap meanwhile: measure the steady state.
  await db.query('VACUUM ANALYZE issues');
  console.log(`migrations applied in ${(migrateMs / 1000).toFixed(1)} s, issues vacuumed`);
}

const server = await serveSeededDb(db, d.WORKSPACE_DATABASE_URL);
const root = server.root;
const base = `${root}/api/v1`;

async function login(email: string) {
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: d.WORKSPACE_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

class Timeout extends Error {}

async function get<T = unknown>(token: string, url: string): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${url.startsWith('/readyz') ? root : base}${url}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(TIMEOUT_SECONDS * 1000),
    });
  } catch (err) {
    if ((err as Error).name === 'TimeoutError') throw new Timeout(url);
    throw err;
  }
  const body = await res.text();
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${body.slice(0, 300)}`);
  return JSON.parse(body) as T;
}

// ---- who and what ---------------------------------------------------------------------------------------
const MANAGER_TEAM = 1; // the LINE channel's team: the biggest
const staffUser = (
  await db.query<{ email: string; id: string }>(
    `SELECT u.email, u.id FROM users u JOIN team_members tm ON tm.user_id = u.id
     WHERE u.email LIKE 'staff%' AND tm.team_id = (SELECT id FROM teams WHERE name = $1)
     ORDER BY u.email LIMIT 1`,
    [d.TEAM_NAMES[MANAGER_TEAM - 1]],
  )
)[0]!;
const emails = {
  admin: d.WORKSPACE_ADMIN,
  manager: d.managerEmail(MANAGER_TEAM),
  staff: staffUser.email,
};
type Who = keyof typeof emails;
const tokens = {} as Record<Who, string>;
/** Fresh access tokens (they expire after minutes; every line signs in again, outside the timings). */
async function signIn() {
  for (const who of Object.keys(emails) as Who[]) tokens[who] = await login(emails[who]);
}
await signIn();

const teams = await db.query<{ id: string; name: string }>(`SELECT id, name FROM teams ORDER BY name`);
const managerTeam = teams.find((t) => t.name === d.TEAM_NAMES[MANAGER_TEAM - 1])!.id;
const channels = await db.query<{ id: string }>(`SELECT id FROM channels ORDER BY type`);
const popularTags = (
  await db.query<{ tag_id: string }>(
    `SELECT tag_id FROM issue_tags GROUP BY tag_id ORDER BY count(*) DESC LIMIT 8`,
  )
).map((r) => r.tag_id);
const staffIds = (
  await db.query<{ id: string }>(`SELECT id FROM users WHERE email LIKE 'staff%' ORDER BY email`)
).map((r) => r.id);
const [{ max: maxIssueId }] = (await db.query<{ max: number }>(`SELECT max(id)::int AS max FROM issues`)) as [
  { max: number },
];
const staffIssues = (
  await db.query<{ id: number }>(
    `SELECT id::int AS id FROM issues WHERE assignee_user_id = $1 ORDER BY id DESC LIMIT 2000`,
    [staffUser.id],
  )
).map((r) => r.id);
const someContact = (
  await db.query<{ email: string; mobile: string }>(
    `SELECT email, mobile_number AS mobile FROM contacts c WHERE email LIKE '%.%@%' AND mobile_number IS NOT NULL
       AND EXISTS (SELECT 1 FROM issues i WHERE i.contact_id = c.id)
     ORDER BY id LIMIT 1 OFFSET 1234`,
  )
)[0]!;
// What an agent types: the start of an email address, and seven digits from the middle of a phone number.
const emailFragment = someContact.email.slice(0, someContact.email.indexOf('.') + 3);
const phoneFragment = someContact.mobile.slice(2, 9);
const STATUSES = ['un-assigned', 'on-going', 'waiting', 'resolved', 'close'] as const;

/** Cursors of pages 2..11 of a list, walked once. */
async function cursors(who: Who, query: string) {
  const list: string[] = [];
  let cursor: string | null = null;
  for (let page = 1; page <= 10; page++) {
    const r: { nextCursor: string | null } = await get(
      tokens[who],
      `/issues?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    if (!r.nextCursor) break;
    list.push(r.nextCursor);
    cursor = r.nextCursor;
  }
  return list;
}
const adminCursors = await cursors('admin', 'limit=50');
const managerCursors = await cursors('manager', 'limit=50');
const startDateCursors = await cursors('admin', 'limit=50&sort=startDate');

// ---- the lines ------------------------------------------------------------------------------------------
type Line = {
  group: string;
  name: string;
  /** p95 budget in ms; none for the reference line. */
  budget?: number;
  who: Who;
  /** One request, or several sent together (a screen opening). */
  urls: () => string | string[];
};
const q = (params: Record<string, string | undefined>) =>
  new URLSearchParams(
    Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined),
  ).toString();
const search = (term: string, who: Who = 'admin'): Line => ({
  group: 'search',
  name: `search "${term}" (${who})`,
  budget: 100,
  who,
  urls: () => `/issues?${q({ search: term, limit: '50' })}`,
});

const searchCounts = (term: string, budget: number): Line => ({
  group: 'search',
  name: `status counts search "${term}" (admin)`,
  budget,
  who: 'admin',
  urls: () => `/issues/status-counts?${q({ search: term })}`,
});

const LINES: Line[] = [
  // What any call costs on this machine right now: HTTP round trip and one `SELECT 1`, no auth.
  { group: 'floor', name: 'floor: GET /readyz (HTTP + SELECT 1)', who: 'admin', urls: () => '/readyz' },
  { group: 'list', name: 'list default (admin)', budget: 20, who: 'admin', urls: () => '/issues?limit=50' },
  {
    group: 'list',
    name: 'list default (manager)',
    budget: 20,
    who: 'manager',
    urls: () => '/issues?limit=50',
  },
  { group: 'list', name: 'list default (staff)', budget: 20, who: 'staff', urls: () => '/issues?limit=50' },
  {
    group: 'list',
    name: 'list status+team+tag (admin)',
    budget: 20,
    who: 'admin',
    urls: () =>
      `/issues?${q({ status: choose(STATUSES), team: choose(teams).id, tag: choose(popularTags), limit: '50' })}`,
  },
  {
    group: 'list',
    name: 'list status+team+tag (manager)',
    budget: 20,
    who: 'manager',
    urls: () =>
      `/issues?${q({ status: choose(STATUSES), team: managerTeam, tag: choose(popularTags), limit: '50' })}`,
  },
  {
    group: 'list',
    name: 'list agent (admin)',
    budget: 20,
    who: 'admin',
    urls: () => `/issues?${q({ agent: choose(staffIds), limit: '50' })}`,
  },
  {
    group: 'list',
    name: 'list agent+status (admin)',
    budget: 20,
    who: 'admin',
    urls: () => `/issues?${q({ agent: choose(staffIds), status: choose(STATUSES), limit: '50' })}`,
  },
  {
    group: 'list',
    name: 'list channel+last7Days (admin)',
    budget: 20,
    who: 'admin',
    urls: () => `/issues?${q({ channel: choose(channels).id, time: 'last7Days', limit: '50' })}`,
  },
  {
    group: 'list',
    name: 'list status=waiting (manager)',
    budget: 20,
    who: 'manager',
    urls: () => `/issues?${q({ status: 'waiting', limit: '50' })}`,
  },
  {
    group: 'list',
    name: 'list page 2–11 via cursor (admin)',
    budget: 20,
    who: 'admin',
    urls: () => `/issues?${q({ limit: '50', cursor: choose(adminCursors) })}`,
  },
  {
    group: 'list',
    name: 'list page 2–11 via cursor (manager)',
    budget: 20,
    who: 'manager',
    urls: () => `/issues?${q({ limit: '50', cursor: choose(managerCursors) })}`,
  },
  {
    group: 'list',
    name: 'list sort=startDate page 2–11 (admin)',
    budget: 20,
    who: 'admin',
    urls: () => `/issues?${q({ limit: '50', sort: 'startDate', cursor: choose(startDateCursors) })}`,
  },
  {
    group: 'list',
    name: 'list sort=status (admin)',
    budget: 20,
    who: 'admin',
    urls: () => `/issues?${q({ limit: '50', sort: 'status' })}`,
  },
  {
    group: 'list',
    name: 'list sort=daysLeft (manager)',
    budget: 20,
    who: 'manager',
    urls: () => `/issues?${q({ limit: '50', sort: 'daysLeft' })}`,
  },
  {
    group: 'counts',
    name: 'status counts (admin)',
    budget: 20,
    who: 'admin',
    urls: () => '/issues/status-counts',
  },
  {
    group: 'counts',
    name: 'status counts (manager)',
    budget: 20,
    who: 'manager',
    urls: () => '/issues/status-counts',
  },
  {
    group: 'counts',
    name: 'status counts (staff)',
    budget: 20,
    who: 'staff',
    urls: () => '/issues/status-counts',
  },
  {
    group: 'counts',
    name: 'status counts team filter (admin)',
    budget: 20,
    who: 'admin',
    urls: () => `/issues/status-counts?${q({ team: choose(teams).id })}`,
  },
  {
    group: 'counts',
    name: 'status counts channel+last7Days (admin)',
    budget: 20,
    who: 'admin',
    urls: () => `/issues/status-counts?${q({ channel: choose(channels).id, time: 'last7Days' })}`,
  },
  {
    group: 'chat',
    name: 'open chat: issue (admin)',
    budget: 20,
    who: 'admin',
    urls: () => `/issues/${1 + Math.floor(random() * maxIssueId)}`,
  },
  {
    group: 'chat',
    name: 'open chat: latest 50 messages (admin)',
    budget: 20,
    who: 'admin',
    urls: () => `/issues/${1 + Math.floor(random() * maxIssueId)}/messages?limit=50`,
  },
  {
    group: 'chat',
    name: 'open chat: both together (admin)',
    budget: 20,
    who: 'admin',
    urls: () => {
      const id = 1 + Math.floor(random() * maxIssueId);
      return [`/issues/${id}`, `/issues/${id}/messages?limit=50`];
    },
  },
  {
    group: 'chat',
    name: 'open chat: both together (staff)',
    budget: 20,
    who: 'staff',
    urls: () => {
      const id = choose(staffIssues);
      return [`/issues/${id}`, `/issues/${id}/messages?limit=50`];
    },
  },
  search('ขอบคุณ'),
  search('ไซซ์'),
  search('สินค้า'),
  search('เชียงราย'), // in about 2% of the issues: neither common nor rare
  search('SB-12'), // an order-number fragment, 0.6% of the issues
  search('กระจูด'),
  search('ทุเรียนกวน'),
  search(emailFragment),
  search(phoneFragment),
  search('refund'),
  search('ไซซ์', 'manager'),
  search('ขอบคุณ', 'staff'),
  // Tab counts under a search: exact for a rare word; a common one gives up after SEARCH_COUNT_TIMEOUT_MS
  // (the tabs then show no numbers), so its budget is that time box and a round trip's margin.
  searchCounts('กระจูด', 100),
  searchCounts(emailFragment, 100),
  searchCounts('เชียงราย', SEARCH_COUNT_TIMEOUT_MS + 100),
  searchCounts('ไซซ์', SEARCH_COUNT_TIMEOUT_MS + 100),
];

// ---- measuring ------------------------------------------------------------------------------------------
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]!;

async function once(line: Line) {
  const urls = [line.urls()].flat();
  const started = performance.now();
  const bodies = await Promise.all(urls.map((u) => get<{ items?: unknown[] }>(tokens[line.who], u)));
  return { ms: performance.now() - started, items: bodies[0]?.items?.length };
}

// CPU per call, a figure other processes on the machine barely move (latency they do): the app's (this process,
// the HTTP client included) and the database backends' (from /proc, when PostgreSQL runs on this machine;
// parallel query workers are not counted).
const localDb = ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(
  new URL(d.WORKSPACE_DATABASE_URL).hostname,
);
async function backendTicks(): Promise<Map<number, number> | null> {
  if (!localDb) return null;
  const ticks = new Map<number, number>();
  for (const { pid } of await db.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = current_database()`,
  )) {
    try {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(pid, Number(fields[11]) + Number(fields[12])); // utime + stime
    } catch {
      return null;
    }
  }
  return ticks;
}
/** Milliseconds of backend CPU between two snapshots (clock ticks of 10 ms). */
const backendMs = (before: Map<number, number> | null, after: Map<number, number> | null) =>
  before && after ? [...after].reduce((sum, [pid, t]) => sum + (t - (before.get(pid) ?? 0)), 0) * 10 : null;

type Result = {
  line: Line;
  first: number;
  samples: number[];
  items: number | undefined;
  appCpu: number;
  dbCpu: number | null;
};
async function measure(line: Line): Promise<Result | null> {
  let first: Awaited<ReturnType<typeof once>>;
  try {
    first = await once(line);
  } catch (err) {
    if (!(err instanceof Timeout)) throw err;
    // The abandoned query would go on loading the database: cancel it (this bench's own connections).
    await db.query(
      `SELECT pg_cancel_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid() AND state = 'active'`,
    );
    return null;
  }
  const lineStarted = performance.now();
  // Warm-up: WARMUP calls, or a fifth of the line's time limit for slow lines.
  for (let i = 0; i < WARMUP && performance.now() - lineStarted < LINE_SECONDS * 200; i++) await once(line);
  const samples: number[] = [];
  const cpuBefore = process.cpuUsage();
  const ticksBefore = await backendTicks();
  const measuring = performance.now();
  while (
    samples.length < REQUESTS &&
    (samples.length < 5 || performance.now() - measuring < LINE_SECONDS * 1000)
  ) {
    samples.push((await once(line)).ms);
  }
  const cpu = process.cpuUsage(cpuBefore);
  const dbMs = backendMs(ticksBefore, await backendTicks());
  return {
    line,
    first: first.ms,
    samples: samples.sort((a, b) => a - b),
    items: first.items,
    appCpu: (cpu.user + cpu.system) / 1000 / samples.length,
    dbCpu: dbMs === null ? null : dbMs / samples.length,
  };
}

const [{ server_version: version }] = (await db.query<{ server_version: string }>(`SHOW server_version`)) as [
  { server_version: string },
];
const [{ shared_buffers }] = (await db.query<{ shared_buffers: string }>(`SHOW shared_buffers`)) as [
  { shared_buffers: string },
];
const [sizes] = await db.query<{ issues: string; messages: string; contacts: string }>(
  `SELECT (SELECT reltuples::bigint FROM pg_class WHERE relname = 'issues') AS issues,
          (SELECT reltuples::bigint FROM pg_class WHERE relname = 'messages') AS messages,
          (SELECT reltuples::bigint FROM pg_class WHERE relname = 'contacts') AS contacts`,
);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
console.log(
  `\nWorkspace bench: PostgreSQL ${version} (shared_buffers ${shared_buffers}), ~${Number(sizes!.issues).toLocaleString()} issues, ` +
    `~${Number(sizes!.messages).toLocaleString()} messages, ~${Number(sizes!.contacts).toLocaleString()} contacts; ` +
    `${os.cpus().length} CPUs, load average ${load()}.\n${REQUESTS} sequential requests per line after ${WARMUP} warm-up ` +
    `(ms, HTTP round trip; "first" is the line's first call; "cpu" is the mean CPU time per call of this process and\n` +
    `of the database backends, which other load does not inflate).\n`,
);
/** Pads to a width in terminal columns (Thai vowel and tone marks take none). */
const pad = (text: string, width: number) =>
  text + ' '.repeat(Math.max(0, width - [...text.replace(/\p{Mn}/gu, '')].length));
const header = `${pad('line', 44)} ${'budget'.padStart(6)} ${'n'.padStart(4)} ${'first'.padStart(7)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)} ${'rows'.padStart(4)}  ${'result'.padEnd(6)} ${'cpu app'.padStart(7)} ${'cpu db'.padStart(7)}`;
console.log(header);
console.log('-'.repeat(header.length));
let failed = 0;
let group = '';
for (const line of LINES) {
  if (ONLY && !line.name.includes(ONLY)) continue;
  if (group && line.group !== group) console.log('');
  group = line.group;
  await signIn();
  const r = await measure(line);
  const budget = (line.budget === undefined ? '' : `<${line.budget}`).padStart(6);
  if (!r) {
    failed++;
    console.log(`${pad(line.name, 44)} ${budget}    0  timeout: first call over ${TIMEOUT_SECONDS} s  FAIL`);
    continue;
  }
  const p95 = percentile(r.samples, 0.95);
  const result = line.budget === undefined ? '' : p95 < line.budget ? 'PASS' : 'FAIL';
  if (result === 'FAIL') failed++;
  const f = (ms: number) => ms.toFixed(1).padStart(7);
  console.log(
    `${pad(line.name, 44)} ${budget} ${String(r.samples.length).padStart(4)} ${f(r.first)} ${f(
      percentile(r.samples, 0.5),
    )} ${f(p95)} ${f(percentile(r.samples, 0.99))} ${String(r.items ?? '').padStart(4)}  ${result.padEnd(6)} ${f(r.appCpu)} ${
      r.dbCpu === null ? '      -' : f(r.dbCpu)
    }`,
  );
}
console.log(
  `\n${failed === 0 ? 'All lines within budget.' : `${failed} line(s) over budget (p95).`} Load average now ${load()}.`,
);

await server.close();
