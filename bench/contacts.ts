// Contact list and search latency on PostgreSQL with 1,000,000 contacts (list and quick
// search p95 < 50 ms, advanced search p95 < 150 ms): `npx tsx bench/contacts.ts [--force]`.
// BENCH_CONTACTS_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench_contacts; never `test`),
// BENCH_CONTACTS (default 1,000,000), BENCH_REQUESTS per line (default 100).
//
// Seeds its own database when it does not hold a complete seed of that size (a comment on the database
// records it; --force rebuilds): the app's migrations, one organisation with an admin, a manager of the LINE
// channel's team, 3 channels, 10 tags, contacts with Thai and English names, emails, phones, provinces of the
// 77, birthdates and two years of creation and last-contact dates, an identity each (5% a second one), an
// issue each (a fifth of them open, 30% tagged). Set-based SQL (generate_series) with the big tables'
// secondary indexes dropped during the load and rebuilt from their own definitions after it.
//
// Then starts the real app on it (no workers, no websocket) and calls the API over HTTP on a loopback port,
// one request at a time: per line a warm-up, then the measured calls; prints p50/p95/p99 against the budget.
import os from 'node:os';
import { PROVINCES } from '@sabai/domain';
import { createOrganization } from '../apps/server/src/db/seed';
import { hashPassword } from '../apps/server/src/platform/passwords';
import { openDb } from '../apps/server/src/platform/db';
import {
  arr,
  dedicatedDbName,
  loadSession,
  lit,
  markSeeded,
  pick,
  prepareSeedDb,
  secs,
  STATUS_TALLY_SQL,
  step,
} from './seed-support';
import { serveSeededDb } from './support';
import * as d from './workspace-data';

const DATABASE_URL =
  process.env.BENCH_CONTACTS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_contacts';
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const WARMUP = 10;
const FORCE = process.argv.includes('--force');
const ORG_NAME = 'Bench Contacts';
const PASSWORD = 'Sabai2026demo';
const ADMIN = 'admin@contacts.bench';
const MANAGER = 'manager@contacts.bench';
const BIG_TABLES = ['contacts', 'contact_identities', 'issues', 'issue_tags'];

const url = new URL(DATABASE_URL);
const dbName = dedicatedDbName(url, 'bench_contacts');
const marker = `sabai contacts bench: ${CONTACTS} contacts`;

// ---- seed -------------------------------------------------------------------------------------------------
if (await prepareSeedDb(url, marker, FORCE)) {
  const t0 = performance.now();
  console.log(`Seeding ${dbName}: ${CONTACTS.toLocaleString()} contacts`);
  await seed();
  await markSeeded(url, marker);
  console.log(`Seeded in ${secs(t0)} s`);
}

async function seed() {
  const db = await openDb({ databaseUrl: url.toString(), poolSize: 2 });
  await step('migrations', () => db.migrate());
  const org = await db.orm.transaction((tx) => createOrganization(tx, ORG_NAME));
  const passwordHash = await hashPassword(PASSWORD);
  await db.close();
  const c = await loadSession(url, '512MB');
  const q = (text: string, params?: unknown[]) => c.query(text, params);
  const h = (salt: number) => `(hashint8(g * 97 + ${salt}) & 2147483647)`;
  const ORG = `${lit(org.id)}::uuid`;
  const NOW = `${lit(new Date().toISOString())}::timestamptz`;
  const uid = (kind: string, n: string) =>
    `overlay(overlay(md5('bench-${kind}-' || (${n})) PLACING '4' FROM 13) PLACING 'a' FROM 17)::uuid`;

  await step('users, team, 3 channels, 10 tags', async () => {
    await q(
      `INSERT INTO users (id, email, username, first_name, last_name, password_hash) VALUES
        (${uid('user', '1')}, ${lit(ADMIN)}, 'contacts-admin', 'Ada', 'Admin', $1),
        (${uid('user', '2')}, ${lit(MANAGER)}, 'contacts-manager', 'Mana', 'Manager', $1)`,
      [passwordHash],
    );
    await q(`INSERT INTO memberships (user_id, organization_id, role_id, is_default) VALUES
      (${uid('user', '1')}, ${ORG}, ${lit(org.roles.Admin)}, true),
      (${uid('user', '2')}, ${ORG}, ${lit(org.roles.Manager)}, true)`);
    await q(`INSERT INTO teams (id, organization_id, name, manager_user_id) VALUES
      (${uid('team', '1')}, ${ORG}, 'LINE Care', ${uid('user', '2')}),
      (${uid('team', '2')}, ${ORG}, 'Social Sales', NULL)`);
    await q(`INSERT INTO channels (id, organization_id, type, name, external_id, assigned_team_id, is_active) VALUES
      (${uid('channel', '0')}, ${ORG}, 'line', 'Sabai LINE OA', 'bench-line', ${uid('team', '1')}, false),
      (${uid('channel', '1')}, ${ORG}, 'facebook', 'Sabai Page', 'bench-page', ${uid('team', '2')}, false),
      (${uid('channel', '2')}, ${ORG}, 'instagram', '@sabai', 'bench-ig', ${uid('team', '2')}, false)`);
    await q(`INSERT INTO tags (id, organization_id, name, colour)
      SELECT ${uid('tag', 'g')}, ${ORG}, ${arr(d.TAGS.slice(0, 10).map((t) => t[0]))}[g], '#1677ff'
      FROM generate_series(1, 10) g`);
  });

  const secondary = (
    await q(
      `SELECT i.relname AS name, pg_get_indexdef(x.indexrelid) AS def
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class c ON c.oid = x.indrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relname = ANY($1) AND NOT x.indisprimary AND NOT x.indisunique`,
      [BIG_TABLES],
    )
  ).rows as Array<{ name: string; def: string }>;
  await q(secondary.map((i) => `DROP INDEX ${i.name};`).join('\n'));

  const thFirst = d.TH_FIRST.map((x) => x[0]);
  const romFirst = d.TH_FIRST.map((x) => x[1]);
  const thLast = d.TH_LAST.map((x) => x[0]);
  const romLast = d.TH_LAST.map((x) => x[1]);
  await step(`${CONTACTS.toLocaleString()} contacts`, () =>
    q(`INSERT INTO contacts (id, organization_id, display_name, name, email, mobile_number, birthdate, gender,
         province, consent_status, created_at, last_contact_at, updated_at)
       SELECT ${uid('contact', 'g')}, ${ORG},
         CASE ${h(1)} % 4 WHEN 0 THEN ${pick(d.EN_FIRST, h(2))}
           WHEN 1 THEN ${pick(thFirst, h(2))} || ' ' || ${pick(thLast, h(4))} ELSE ${pick(thFirst, h(2))} END,
         CASE WHEN ${h(3)} % 3 = 0 THEN '' ELSE ${pick(romFirst, h(2))} || ' ' || ${pick(romLast, h(4))} END,
         CASE WHEN ${h(5)} % 2 = 0 THEN lower(${pick(romFirst, h(2))}) || '.' || lower(${pick(romLast, h(4))}) || g || '@' || ${pick(d.EMAIL_DOMAINS, h(6))} END,
         CASE WHEN ${h(7)} % 3 <> 0 THEN '0' || (6 + ${h(8)} % 4) || lpad((${h(9)} % 100000000)::text, 8, '0') END,
         CASE WHEN ${h(10)} % 2 = 0 THEN DATE '1960-01-01' + ${h(11)} % 16000 END,
         CASE ${h(12)} % 3 WHEN 0 THEN 'male' WHEN 1 THEN 'female' END,
         CASE WHEN ${h(13)} % 4 <> 0 THEN ${pick(
           PROVINCES.map((p) => p.en),
           h(14),
         )} END,
         'unknown',
         ${NOW} - interval '730 days' * (1 - g::float8 / ${CONTACTS}),
         CASE WHEN ${h(15)} % 10 <> 0 THEN ${NOW} - interval '730 days' * (1 - g::float8 / ${CONTACTS}) + interval '1 hour' * (${h(16)} % 2000) END,
         ${NOW}
       FROM generate_series(1, ${CONTACTS}) g`),
  );
  // Recent contacts have written lately: their last contact never runs past now.
  await step('clamp last contact', () =>
    q(`UPDATE contacts SET last_contact_at = ${NOW} - interval '1 minute' WHERE last_contact_at > ${NOW}`),
  );
  await step('identities (5% on a second channel)', () =>
    q(`INSERT INTO contact_identities (id, organization_id, contact_id, channel_id, external_user_id, display_name)
       SELECT ${uid('identity', 'g')}, ${ORG}, ${uid('contact', 'g')}, ${uid('channel', `(${h(20)} % 3)::text`)}, 'U' || g, ''
       FROM generate_series(1, ${CONTACTS}) g
       UNION ALL
       SELECT ${uid('identity2', 'g')}, ${ORG}, ${uid('contact', 'g')}, ${uid('channel', `((${h(20)} + 1) % 3)::text`)}, 'V' || g, ''
       FROM generate_series(1, ${CONTACTS}) g WHERE ${h(21)} % 20 = 0`),
  );
  await step('an issue per contact (a fifth open)', () =>
    q(`INSERT INTO issues (organization_id, channel_id, contact_id, team_id, status, start_date, last_response_at)
       SELECT ${ORG}, ${uid('channel', `(${h(20)} % 3)::text`)}, ${uid('contact', 'g')},
         CASE WHEN ${h(20)} % 3 = 0 THEN ${uid('team', '1')} ELSE ${uid('team', '2')} END,
         ${pick(['un-assigned', 'on-going', 'waiting', 'resolved-success', 'close', 'close', 'close', 'close', 'close', 'close', 'close', 'close', 'close', 'close', 'close'], h(22))},
         ${NOW} - interval '730 days' * (1 - g::float8 / ${CONTACTS}),
         ${NOW} - interval '730 days' * (1 - g::float8 / ${CONTACTS})
       FROM generate_series(1, ${CONTACTS}) g`),
  );
  await step('tags on 30% of the issues', () =>
    q(`INSERT INTO issue_tags (issue_id, tag_id)
       SELECT i.id, ${uid('tag', '1 + (hashint8(i.id) & 2147483647) % 10')}
       FROM issues i WHERE (hashint8(i.id * 7) & 2147483647) % 10 < 3`),
  );
  await step('status tally', () => q(STATUS_TALLY_SQL));
  for (const index of secondary) await step(`index ${index.name}`, () => q(index.def));
  await step('vacuum analyze', () => q(`VACUUM ANALYZE contacts, contact_identities, issues, issue_tags`));
  await c.end();
}

// ---- measure ----------------------------------------------------------------------------------------------
const db = await openDb({ databaseUrl: url.toString(), poolSize: 20 });
await db.migrate();
const server = await serveSeededDb(db, url.toString());
const root = server.root;
const base = `${root}/api/v1`;

async function login(email: string) {
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}
const tokens = { admin: await login(ADMIN), manager: await login(MANAGER) };
type Who = keyof typeof tokens;

async function get<T>(who: Who, path: string): Promise<T> {
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${tokens[who]}` } });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${body.slice(0, 300)}`);
  return JSON.parse(body) as T;
}

const sample = (
  await db.query<{ email: string; mobile: string; name: string }>(
    `SELECT email, mobile_number AS mobile, name FROM contacts
     WHERE email IS NOT NULL AND mobile_number IS NOT NULL AND name <> '' ORDER BY id LIMIT 1 OFFSET 100`,
  )
)[0]!;
const tags = (await db.query<{ id: string }>(`SELECT id FROM tags ORDER BY name`)).map((r) => r.id);
const lineChannel = (await db.query<{ id: string }>(`SELECT id FROM channels WHERE type = 'line'`))[0]!.id;
type Page = { items: unknown[]; nextCursor: string | null };
/** The cursor of page 5 of the default list. */
let cursor: string | null = null;
for (let i = 0; i < 4; i++) {
  const page: Page = await get<Page>('admin', `/contacts?limit=50${cursor ? `&cursor=${cursor}` : ''}`);
  cursor = page.nextCursor;
}

type Line = { group: 'list' | 'quick search' | 'advanced'; name: string; who: Who; query: string };
const BUDGET = { list: 50, 'quick search': 50, advanced: 150 } as const;
const e = encodeURIComponent;
const LINES: Line[] = [
  { group: 'list', name: 'list, last contact (admin)', who: 'admin', query: 'limit=50' },
  { group: 'list', name: 'list page 5 by cursor (admin)', who: 'admin', query: `limit=50&cursor=${cursor}` },
  { group: 'list', name: 'list by name (admin)', who: 'admin', query: 'limit=50&sort=displayName' },
  {
    group: 'list',
    name: 'list by created, oldest first',
    who: 'admin',
    query: 'limit=50&sort=createdAt&order=asc',
  },
  { group: 'list', name: 'list, myChannel scope (manager)', who: 'manager', query: 'limit=50' },
  {
    group: 'quick search',
    name: 'search Thai first name "สมชาย"',
    who: 'admin',
    query: `limit=50&search=${e('สมชาย')}`,
  },
  {
    group: 'quick search',
    name: 'search Thai substring "ศักดิ์"',
    who: 'admin',
    query: `limit=50&search=${e('ศักดิ์')}`,
  },
  {
    group: 'quick search',
    name: `search email "${sample.email.slice(0, 14)}"`,
    who: 'admin',
    query: `limit=50&search=${e(sample.email.slice(0, 14))}`,
  },
  {
    group: 'quick search',
    name: 'search whole email (one contact)',
    who: 'admin',
    query: `limit=50&search=${e(sample.email)}`,
  },
  {
    group: 'quick search',
    name: `search 7 phone digits`,
    who: 'admin',
    query: `limit=50&search=${sample.mobile.slice(3, 10)}`,
  },
  {
    group: 'quick search',
    name: `search name "${sample.name}"`,
    who: 'admin',
    query: `limit=50&search=${e(sample.name)}`,
  },
  {
    group: 'quick search',
    name: 'search nothing matches',
    who: 'admin',
    query: `limit=50&search=${e('ไม่มีชื่อนี้แน่นอน')}`,
  },
  {
    group: 'quick search',
    name: 'search "สม" (manager)',
    who: 'manager',
    query: `limit=50&search=${e('สม')}`,
  },
  { group: 'advanced', name: 'gender female', who: 'admin', query: 'limit=50&gender=female' },
  { group: 'advanced', name: 'province Phuket', who: 'admin', query: 'limit=50&province=Phuket' },
  { group: 'advanced', name: 'channel instagram', who: 'admin', query: 'limit=50&channel=instagram' },
  { group: 'advanced', name: 'page (LINE OA)', who: 'admin', query: `limit=50&page=${lineChannel}` },
  {
    group: 'advanced',
    name: 'birthdate in one month',
    who: 'admin',
    query: 'limit=50&birthdateFrom=1990-03-01&birthdateTo=1990-03-31',
  },
  {
    group: 'advanced',
    name: 'created in one week a year ago',
    who: 'admin',
    query: `limit=50&createdFrom=${daysAgo(372)}&createdTo=${daysAgo(365)}`,
  },
  {
    group: 'advanced',
    name: 'last contact in the last 30 days',
    who: 'admin',
    query: `limit=50&lastContactFrom=${daysAgo(30)}`,
  },
  { group: 'advanced', name: 'tag', who: 'admin', query: `limit=50&tag=${tags[0]}` },
  { group: 'advanced', name: 'has an open issue', who: 'admin', query: 'limit=50&hasOpenIssue=true' },
  { group: 'advanced', name: 'no open issue', who: 'admin', query: 'limit=50&hasOpenIssue=false' },
  {
    group: 'advanced',
    name: 'channel+gender+province+open issue',
    who: 'admin',
    query: 'limit=50&channel=line&gender=male&province=Chiang%20Mai&hasOpenIssue=true',
  },
  {
    group: 'advanced',
    name: 'tag+province+birthdate range',
    who: 'admin',
    query: `limit=50&tag=${tags[1]}&province=Bangkok&birthdateFrom=1980-01-01&birthdateTo=1995-12-31`,
  },
  {
    group: 'advanced',
    name: 'search "สม"+female+created range',
    who: 'admin',
    query: `limit=50&search=${e('สม')}&gender=female&createdFrom=${daysAgo(400)}&createdTo=${daysAgo(200)}`,
  },
  {
    group: 'advanced',
    name: 'province+open issue (manager)',
    who: 'manager',
    query: 'limit=50&province=Khon%20Kaen&hasOpenIssue=true',
  },
];

function daysAgo(days: number) {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const load = os
  .loadavg()
  .map((x) => x.toFixed(2))
  .join(' ');
console.log(
  `\n${CONTACTS.toLocaleString()} contacts on PostgreSQL; ${REQUESTS} calls per line; load ${load}`,
);
console.log('line'.padEnd(48), 'rows', '  p50', '  p95', '  p99', 'budget');
// What any call costs on this machine right now: HTTP round trip and one `SELECT 1`, no auth.
{
  const floor: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    await (await fetch(`${root}/readyz`)).text();
    floor.push(performance.now() - started);
  }
  floor.sort((a, b) => a - b);
  console.log(
    'floor: GET /readyz (HTTP + SELECT 1)'.padEnd(48),
    '    ',
    pct(floor, 50).toFixed(1).padStart(5),
    pct(floor, 95).toFixed(1).padStart(5),
    pct(floor, 99).toFixed(1).padStart(5),
  );
}
let failed = 0;
for (const line of LINES) {
  let rows = 0;
  for (let i = 0; i < WARMUP; i++) rows = (await get<Page>(line.who, `/contacts?${line.query}`)).items.length;
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    await get<Page>(line.who, `/contacts?${line.query}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const budget = BUDGET[line.group];
  const p95 = pct(times, 95);
  const pass = p95 < budget;
  if (!pass) failed++;
  console.log(
    `${line.group}: ${line.name}`.slice(0, 48).padEnd(48),
    String(rows).padStart(4),
    pct(times, 50).toFixed(1).padStart(5),
    p95.toFixed(1).padStart(5),
    pct(times, 99).toFixed(1).padStart(5),
    `< ${budget} ${pass ? 'PASS' : 'FAIL'}`,
  );
}
console.log(failed ? `${failed} line(s) over budget` : 'every line within budget');
await server.close();
