// Seeds the large agent-workspace dataset on PostgreSQL: `npx tsx bench/seed-workspace.ts [--force]`
// (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/bench_workspace; BENCH_ISSUES default
// 1,000,000; BENCH_CONTACTS default 300,000). One organisation with 20 teams, 200 agents (admin, a manager
// per team, staff in one or two teams), 3 channels, 30 tags, contacts with Thai and English names, phones
// and emails, issues over a year in every status with assignees, teams and tags, and about 10 messages per
// issue (10 million) in mixed Thai and English, with the issues' last_response_at and
// last_customer_message_at matching their messages.
//
// The database is (re)created and migrated with the app's migrations first, so its schema is exactly theirs;
// the secondary indexes of the big tables are dropped for the load and recreated from their own definitions
// afterwards (checked at the end). Everything is set-based SQL: INSERT … SELECT FROM generate_series, with
// deterministic hashes so issues and their messages agree without a second pass. Skips when the database
// already holds a complete seed of the same size (a comment on the database records it) unless --force.
import { SOCIAL_REPLY_WINDOW_DAYS } from '@sabai/domain';
import { hashPassword } from '../apps/server/src/platform/passwords';
import { createOrganization } from '../apps/server/src/db/seed';
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
import * as d from './workspace-data';

const FORCE = process.argv.includes('--force');
const ISSUES = Number(process.env.BENCH_ISSUES ?? 1_000_000);
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 300_000);
const TEAMS = d.TEAM_NAMES.length; // 20
const AGENTS = 200; // user 1 admin, 2..21 managers, 22..200 staff
const BATCH = 50_000; // issues per messages statement (about 500,000 messages)
/** Tables whose secondary indexes are dropped during the load and rebuilt after it. */
const BIG_TABLES = ['contacts', 'contact_identities', 'issues', 'issue_tags', 'messages'];

const url = new URL(d.WORKSPACE_DATABASE_URL);
const dbName = dedicatedDbName(url, 'bench_workspace');
const marker = `sabai workspace bench: ${ISSUES} issues, ${CONTACTS} contacts`;

// ---- database: skip when seeded, else create it fresh ------------------------------------------------------
const t0 = performance.now();
if (!(await prepareSeedDb(url, marker, FORCE))) {
  console.log(`${dbName} is already seeded (${marker}); --force to rebuild it.`);
  process.exit(0);
}
console.log(
  `Seeding ${dbName}: ${ISSUES.toLocaleString()} issues, ~${(ISSUES * 10).toLocaleString()} messages`,
);

const db = await openDb({ databaseUrl: url.toString(), poolSize: 2 });
await step('migrations', () => db.migrate());
const org = await db.orm.transaction((tx) => createOrganization(tx, d.WORKSPACE_ORG));
const passwordHash = await hashPassword(d.WORKSPACE_PASSWORD);
await db.close();

const c = await loadSession(url, '1GB');
const q = (text: string, params?: unknown[]) => c.query(text, params);

// ---- SQL building helpers ---------------------------------------------------------------------------------
const h = (x: string, salt: number) => `bench_seed.h(${x}, ${salt})`;
/** Per-issue hash; messages use id * 128 + k (k < 127), so the two never collide. */
const hi = (salt: number) => h('id * 128 + 127', salt);
const now = new Date();
const NOW = `${lit(now.toISOString())}::timestamptz`;
const ORG = `${lit(org.id)}::uuid`;
/** A deterministic version-4 uuid for entity n of a kind (the API validates uuids). */
const uid = (kind: string, n: string) => `bench_seed.uuid('bench-${kind}-' || (${n}))`;

// ---- staging: hash functions, team members ---------------------------------------------------------------
await q(`DROP SCHEMA IF EXISTS bench_seed CASCADE; CREATE SCHEMA bench_seed;
  CREATE FUNCTION bench_seed.uuid(s text) RETURNS uuid LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT overlay(overlay(md5(s) PLACING '4' FROM 13) PLACING 'a' FROM 17)::uuid $$;
  CREATE FUNCTION bench_seed.h(x bigint, s int) RETURNS int LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT hashint8(x * 97 + s) & 2147483647 $$;
  CREATE FUNCTION bench_seed.contact_channel(g bigint) RETURNS int LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT CASE WHEN bench_seed.h(g, 29) % 100 < 60 THEN 0 WHEN bench_seed.h(g, 29) % 100 < 85 THEN 1 ELSE 2 END $$;
  CREATE FUNCTION bench_seed.contact_lang(g bigint) RETURNS int LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT CASE WHEN bench_seed.h(g, 30) % 100 < 75 THEN 0 ELSE 1 END $$;
  -- Message k of an issue: 0 customer, 1 agent, 2 system (automatic reply), 3 agent's private note. The first
  -- is the customer's; un-assigned issues have no agent; on-going ones end with the customer, waiting ones
  -- with the agent.
  CREATE FUNCTION bench_seed.sender(id bigint, k int, n int, cls int) RETURNS int LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE
      WHEN k = 0 THEN 0
      WHEN cls = 0 THEN CASE WHEN k = 1 AND bench_seed.h(id * 128 + 127, 31) % 100 < 15 THEN 2 ELSE 0 END
      WHEN k = n - 1 AND cls = 1 THEN 0
      WHEN k = n - 1 AND cls = 2 THEN 1
      WHEN k = 1 AND bench_seed.h(id * 128 + 127, 31) % 100 < 15 THEN 2
      WHEN bench_seed.h(id * 128 + k, 2) % 100 < 45 THEN 0
      WHEN bench_seed.h(id * 128 + k, 3) % 100 = 0 THEN 3
      ELSE 1 END $$;
  -- When message k was sent: the first at the start, then k gaps after it plus up to half a gap of jitter.
  CREATE FUNCTION bench_seed.msg_at(start timestamptz, gap_ms int, id bigint, k int) RETURNS timestamptz
    LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT start + (k::bigint * gap_ms + CASE WHEN k = 0 THEN 0 ELSE bench_seed.h(id * 128 + k, 1) % (gap_ms / 2 + 1) END)
      * interval '1 millisecond' $$`);

// ---- organisation: users, memberships, teams, channels, tags ----------------------------------------------
console.log('Organisation');
await step(`${AGENTS} users, ${TEAMS} teams, 3 channels, ${d.TAGS.length} tags`, async () => {
  const thFirstRom = d.TH_FIRST.map((x) => x[1]);
  const thLastRom = d.TH_LAST.map((x) => x[1]);
  await q(
    `INSERT INTO users (id, email, username, first_name, last_name, password_hash, created_at, updated_at)
     SELECT ${uid('user', 'g')},
       CASE WHEN g = 1 THEN ${lit(d.WORKSPACE_ADMIN)}
            WHEN g <= ${TEAMS + 1} THEN 'manager' || lpad((g - 1)::text, 2, '0') || '@bench.local'
            ELSE 'staff' || lpad((g - ${TEAMS + 1})::text, 3, '0') || '@bench.local' END,
       CASE WHEN g = 1 THEN 'bench-admin' WHEN g <= ${TEAMS + 1} THEN 'manager' || lpad((g - 1)::text, 2, '0')
            ELSE 'staff' || lpad((g - ${TEAMS + 1})::text, 3, '0') END,
       ${pick(thFirstRom, 'g * 7')}, ${pick(thLastRom, 'g * 11')}, $1, ${NOW} - interval '400 days', ${NOW} - interval '400 days'
     FROM generate_series(1, ${AGENTS}) g`,
    [passwordHash],
  );
  await q(
    `INSERT INTO memberships (user_id, organization_id, role_id, availability, is_default, created_at)
     SELECT ${uid('user', 'g')}, ${ORG},
       CASE WHEN g = 1 THEN ${lit(org.roles.Admin)} WHEN g <= ${TEAMS + 1} THEN ${lit(org.roles.Manager)}
            ELSE ${lit(org.roles.Staff)} END::uuid,
       CASE WHEN g % 10 < 6 THEN 'online' WHEN g % 10 < 9 THEN 'offline' ELSE 'time_off' END, true, ${NOW} - interval '400 days'
     FROM generate_series(1, ${AGENTS}) g`,
  );
  await q(
    `INSERT INTO teams (id, organization_id, name, manager_user_id, manager_working_type, assignment_mode, created_at, updated_at)
     SELECT ${uid('team', 'g')}, ${ORG}, ${arr(d.TEAM_NAMES)}[g], ${uid('user', 'g + 1')},
       CASE WHEN g % 3 = 0 THEN 'always' ELSE 'working_hours' END, CASE WHEN g % 2 = 0 THEN 'auto' ELSE 'manual' END,
       ${NOW} - interval '400 days', ${NOW} - interval '400 days'
     FROM generate_series(1, ${TEAMS}) g`,
  );
  // Managers belong to their team; staff to one team, a fifth of them to a second one as well.
  await q(
    `INSERT INTO team_members (team_id, user_id, organization_id, work_start, work_stop, break_start, break_stop)
     SELECT DISTINCT ON (team, u) ${uid('team', 'team')}, ${uid('user', 'u')}, ${ORG}, '09:00', '18:00', '12:00', '13:00'
     FROM (
       SELECT g - 1 AS team, g AS u FROM generate_series(2, ${TEAMS + 1}) g
       UNION ALL SELECT 1 + (g - ${TEAMS + 2}) % ${TEAMS}, g FROM generate_series(${TEAMS + 2}, ${AGENTS}) g
       UNION ALL SELECT 1 + ((g - ${TEAMS + 2}) * 7 + 3) % ${TEAMS}, g FROM generate_series(${TEAMS + 2}, ${AGENTS}) g WHERE g % 5 = 0
     ) x`,
  );
  await q(
    `INSERT INTO channels (id, organization_id, type, name, external_id, bot_user_id, page_id, assigned_team_id, created_at, updated_at)
     VALUES (${uid('channel', '0')}, ${ORG}, 'line', 'Sabai Shop LINE OA', '1650009001', 'U00000000000000000000000000bench0', NULL, ${uid('team', '1')}, ${NOW} - interval '400 days', ${NOW} - interval '400 days'),
            (${uid('channel', '1')}, ${ORG}, 'facebook', 'Sabai Shop Page', '100000000900001', NULL, '100000000900001', ${uid('team', '2')}, ${NOW} - interval '400 days', ${NOW} - interval '400 days'),
            (${uid('channel', '2')}, ${ORG}, 'instagram', '@sabai.shop', '17840000009000001', NULL, '100000000900001', ${uid('team', '3')}, ${NOW} - interval '400 days', ${NOW} - interval '400 days')`,
  );
  await q(
    `INSERT INTO tags (id, organization_id, name, colour, created_at)
     SELECT ${uid('tag', 'g')}, ${ORG}, ${arr(d.TAGS.map((x) => x[0]))}[g], ${arr(d.TAGS.map((x) => x[1]))}[g], ${NOW} - interval '400 days'
     FROM generate_series(1, ${d.TAGS.length}) g`,
  );
  // Who can be given a team's issues: its members and its manager.
  await q(`CREATE UNLOGGED TABLE bench_seed.team_people AS
    SELECT t.team, array_agg(${uid('user', 'tm.u')} ORDER BY tm.u) AS members
    FROM generate_series(1, ${TEAMS}) t(team)
    JOIN (SELECT g - 1 AS team, g AS u FROM generate_series(2, ${TEAMS + 1}) g
          UNION SELECT 1 + (g - ${TEAMS + 2}) % ${TEAMS}, g FROM generate_series(${TEAMS + 2}, ${AGENTS}) g
          UNION SELECT 1 + ((g - ${TEAMS + 2}) * 7 + 3) % ${TEAMS}, g FROM generate_series(${TEAMS + 2}, ${AGENTS}) g WHERE g % 5 = 0) tm
      ON tm.team = t.team
    GROUP BY t.team;
    ANALYZE bench_seed.team_people`);
});

// ---- drop the big tables' secondary indexes for the load --------------------------------------------------
const indexesOf = async () =>
  (
    await q(
      `SELECT c.relname AS table, i.relname AS name, pg_get_indexdef(x.indexrelid) AS def
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class c ON c.oid = x.indrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relname = ANY($1) AND NOT x.indisprimary ORDER BY 1, 2`,
      [BIG_TABLES],
    )
  ).rows as Array<{ table: string; name: string; def: string }>;
const secondary = await indexesOf();
await q(secondary.map((i) => `DROP INDEX ${i.name};`).join('\n'));
console.log(`Load (${secondary.length} secondary indexes dropped)`);

// ---- the plan: one row per issue with everything its row and its messages derive from ---------------------
await step(`plan of ${ISSUES.toLocaleString()} issues`, async () => {
  await q(`CREATE UNLOGGED TABLE bench_seed.plan (
    id bigint PRIMARY KEY, start_at timestamptz, contact_n int, ch int, lang int, team int, status text, cls int,
    n int, gap_ms int, assignee uuid, last_c int, last_a int, first_a int,
    last_at timestamptz, last_c_at timestamptz, last_a_at timestamptz, first_a_at timestamptz)`);
  // Newest issues are densest (the business grows); 30% of issues come from 10% of the contacts. The
  // MATERIALIZED steps hand plain columns to the SQL functions, which PostgreSQL then inlines (an expensive
  // expression argument used twice in a function body would make it call the function per row instead).
  await q(`
    WITH base AS MATERIALIZED (
      SELECT g::bigint AS id,
        ${NOW} - interval '365 days' * (1 - power(g / ${ISSUES}::float8, 0.8)) AS start_at,
        CASE WHEN bench_seed.h(g * 128 + 127, 10) % 100 < 30 THEN 1 + bench_seed.h(g * 128 + 127, 11) % ${Math.max(1, Math.floor(CONTACTS / 10))}
             ELSE 1 + bench_seed.h(g * 128 + 127, 11) % ${CONTACTS} END AS contact_n
      FROM generate_series(1, ${ISSUES}) g
    ), b2 AS (
      SELECT base.*, bench_seed.contact_channel(contact_n) AS ch, bench_seed.contact_lang(contact_n) AS lang,
        extract(epoch FROM ${NOW} - start_at) / 86400 AS age, ${hi(14)} % 1000 AS sb
      FROM base
    ), b3 AS (
      SELECT b2.*,
        CASE WHEN ${hi(12)} % 100 < 30 THEN ch + 1 ELSE 1 + ${hi(13)} % ${TEAMS} END AS team,
        CASE
          WHEN age < 1 THEN CASE WHEN sb < 120 THEN 'un-assigned' WHEN sb < 450 THEN 'on-going' WHEN sb < 800 THEN 'waiting'
            WHEN sb < 870 THEN 'resolved' WHEN sb < 930 THEN 'resolved-success' WHEN sb < 950 THEN 'resolved-un-success'
            WHEN sb < 990 THEN 'close' ELSE 'transferred' END
          WHEN age < 14 THEN CASE WHEN sb < 5 THEN 'un-assigned' WHEN sb < 40 THEN 'on-going' WHEN sb < 120 THEN 'waiting'
            WHEN sb < 300 THEN 'resolved' WHEN sb < 520 THEN 'resolved-success' WHEN sb < 580 THEN 'resolved-un-success'
            WHEN sb < 960 THEN 'close' ELSE 'transferred' END
          ELSE CASE WHEN sb < 1 THEN 'un-assigned' WHEN sb < 4 THEN 'on-going' WHEN sb < 10 THEN 'waiting'
            WHEN sb < 110 THEN 'resolved' WHEN sb < 330 THEN 'resolved-success' WHEN sb < 390 THEN 'resolved-un-success'
            WHEN sb < 960 THEN 'close' ELSE 'transferred' END
        END AS status
      FROM b2
    ), b4 AS MATERIALIZED (
      SELECT b3.*,
        CASE status WHEN 'un-assigned' THEN 0 WHEN 'on-going' THEN 1 WHEN 'waiting' THEN 2 ELSE 3 END AS cls,
        -- about 10 messages per issue: mostly 2..16, 1.6% long conversations of 40..100
        CASE WHEN status = 'un-assigned' THEN 1 + ${hi(16)} % 3
             WHEN ${hi(15)} % 1000 < 16 THEN 40 + ${hi(16)} % 61
             ELSE 2 + ${hi(16)} % 15 END AS n
      FROM b3
    ), b5 AS MATERIALIZED (
      SELECT b4.*,
        greatest(1, least(20000 + ${hi(17)} % 3000000, (extract(epoch FROM ${NOW} - start_at) * 1000 / (n + 1))::bigint))::int AS gap_ms,
        CASE WHEN cls = 0 THEN NULL ELSE tp.members[1 + ${hi(18)} % cardinality(tp.members)] END AS assignee
      FROM b4 JOIN bench_seed.team_people tp ON tp.team = b4.team
    ), b6 AS (
      SELECT b5.*, a.* FROM b5, LATERAL (
        SELECT max(k) FILTER (WHERE s = 0) AS last_c, max(k) FILTER (WHERE s = 1) AS last_a, min(k) FILTER (WHERE s = 1) AS first_a
        FROM (SELECT k, bench_seed.sender(b5.id, k, b5.n, b5.cls) AS s FROM generate_series(0, b5.n - 1) k) x) a
    )
    INSERT INTO bench_seed.plan
    SELECT id, start_at, contact_n, ch, lang, team, status, cls, n, gap_ms, assignee, last_c, last_a, first_a,
      bench_seed.msg_at(start_at, gap_ms, id, n - 1), bench_seed.msg_at(start_at, gap_ms, id, last_c),
      CASE WHEN last_a IS NOT NULL THEN bench_seed.msg_at(start_at, gap_ms, id, last_a) END,
      CASE WHEN first_a IS NOT NULL THEN bench_seed.msg_at(start_at, gap_ms, id, first_a) END
    FROM b6`);
  await q('ANALYZE bench_seed.plan');
});

// ---- contacts and their channel identities ------------------------------------------------------------------
await step(`${CONTACTS.toLocaleString()} contacts`, async () => {
  const F = d.TH_FIRST;
  const L = d.TH_LAST;
  const N = d.TH_NICK;
  await q(`
    INSERT INTO contacts (id, organization_id, display_name, name, email, mobile_number, birthdate, gender, province,
      picture_url, consent_at, last_contact_at, created_at, updated_at)
    SELECT ${uid('contact', 'g')}, ${ORG}, display_name, name,
      CASE WHEN eh % 100 < 50 THEN lower(CASE (eh / 100) % 4
          WHEN 0 THEN first_rom || '.' || last_rom
          WHEN 1 THEN first_rom || '.' || left(last_rom, 1) || ((eh / 400) % 1000)
          WHEN 2 THEN first_rom || '_' || last_rom || ((eh / 400) % 100)
          ELSE first_rom || ((eh / 400) % 10000) END) || '@' || ${pick(d.EMAIL_DOMAINS, 'eh / 7')} END,
      CASE WHEN ${h('g', 26)} % 100 < 70 THEN '0' || ${pick(['6', '8', '9'], h('g', 25))} || lpad((${h('g', 27)} % 100000000)::text, 8, '0') END,
      CASE WHEN ${h('g', 28)} % 100 < 30 THEN date '1970-01-01' + ${h('g', 28)} % 12000 END,
      gender,
      CASE WHEN ${h('g', 32)} % 100 < 60 THEN ${pick(
        d.PROVINCES.map((p) => p[1]),
        h('g', 33),
      )} END,
      CASE WHEN ${h('g', 34)} % 100 < 40 THEN 'https://profile.example-cdn.net/' || md5('pic' || g) END,
      CASE WHEN ${h('g', 35)} % 100 < 20 THEN coalesce(a.first_at, ${NOW} - interval '200 days') END,
      coalesce(a.last_at, ${NOW} - interval '1 day' * (${h('g', 36)} % 365)),
      coalesce(a.first_at - interval '1 minute' * (${h('g', 37)} % 600), ${NOW} - interval '1 day' * (${h('g', 36)} % 365) - interval '1 hour'),
      coalesce(a.last_at, ${NOW} - interval '1 day' * (${h('g', 36)} % 365))
    FROM (
      SELECT g, ${h('g', 38)} AS eh,
        CASE WHEN lang = 0 THEN ${arr(F.map((x) => x[0]))}[fi] || ' ' || ${arr(L.map((x) => x[0]))}[li]
             ELSE ${arr(d.EN_FIRST)}[1 + (fi - 1) % ${d.EN_FIRST.length}] || ' ' || ${arr(d.EN_LAST)}[1 + (li - 1) % ${d.EN_LAST.length}] END AS name,
        CASE WHEN lang = 0 THEN
               CASE WHEN style < 40 THEN ${arr(N.map((x) => x[0]))}[ni]
                    WHEN style < 50 THEN ${arr(N.map((x) => x[0]))}[ni] || ' ' || ${pick(d.EMOJI, 'style')}
                    WHEN style < 70 THEN ${arr(N.map((x) => x[1]))}[ni]
                    ELSE ${arr(F.map((x) => x[0]))}[fi] || ' ' || left(${arr(L.map((x) => x[0]))}[li], 2) || '.' END
             ELSE CASE WHEN style < 50 THEN ${arr(d.EN_FIRST)}[1 + (fi - 1) % ${d.EN_FIRST.length}]
                       WHEN style < 75 THEN lower(${arr(d.EN_FIRST)}[1 + (fi - 1) % ${d.EN_FIRST.length}]) || '.' || lower(${arr(d.EN_LAST)}[1 + (li - 1) % ${d.EN_LAST.length}])
                       ELSE ${arr(d.EN_FIRST)}[1 + (fi - 1) % ${d.EN_FIRST.length}] || ' ' || ${arr(d.EN_LAST)}[1 + (li - 1) % ${d.EN_LAST.length}] END
        END AS display_name,
        CASE WHEN lang = 0 THEN ${arr(F.map((x) => x[1]))}[fi] ELSE ${arr(d.EN_FIRST)}[1 + (fi - 1) % ${d.EN_FIRST.length}] END AS first_rom,
        CASE WHEN lang = 0 THEN ${arr(L.map((x) => x[1]))}[li] ELSE ${arr(d.EN_LAST)}[1 + (li - 1) % ${d.EN_LAST.length}] END AS last_rom,
        CASE WHEN lang = 0 THEN ${arr(F.map((x) => x[2]))}[fi] ELSE NULL END AS gender
      FROM (
        SELECT g, bench_seed.contact_lang(g) AS lang, 1 + ${h('g', 20)} % ${F.length} AS fi, 1 + ${h('g', 21)} % ${L.length} AS li,
          1 + ${h('g', 22)} % ${N.length} AS ni, ${h('g', 23)} % 100 AS style
        FROM generate_series(1, ${CONTACTS}) g
      ) x
    ) c
    LEFT JOIN (SELECT contact_n, min(start_at) AS first_at, max(last_at) AS last_at FROM bench_seed.plan GROUP BY contact_n) a
      ON a.contact_n = c.g`);
  await q(`
    INSERT INTO contact_identities (id, organization_id, contact_id, channel_id, external_user_id, display_name, picture_url,
      is_following, last_inbound_at, created_at)
    SELECT ${uid('identity', 'g')}, ${ORG}, ct.id, ${uid('channel', 'bench_seed.contact_channel(g)')},
      CASE bench_seed.contact_channel(g) WHEN 0 THEN 'U' || md5('line-user-' || g)
        WHEN 1 THEN (7000000000000000 + g)::text ELSE (17841400000000000 + g)::text END,
      ct.display_name, ct.picture_url, ${h('g', 39)} % 100 < 95, ct.last_contact_at, ct.created_at
    FROM generate_series(1, ${CONTACTS}) g JOIN contacts ct ON ct.id = ${uid('contact', 'g')}`);
});

// ---- issues and their tags -----------------------------------------------------------------------------------
await step(`${ISSUES.toLocaleString()} issues`, () =>
  q(`
    INSERT INTO issues (id, organization_id, channel_id, contact_id, contact_identity_id, team_id, assignee_user_id, status,
      note, ad_id, start_date, last_response_at, last_customer_message_at, reply_deadline_at, last_agent_message_at, first_response_at,
      assigned_at, first_customer_message_at, wait_started_at, close_requested_at, resolved_at, closed_at, unread_count,
      created_at, updated_at)
    OVERRIDING SYSTEM VALUE
    SELECT id, ${ORG}, ${uid('channel', 'ch')}, ${uid('contact', 'contact_n')}, ${uid('identity', 'contact_n')},
      ${uid('team', 'team')}, assignee, status,
      CASE WHEN ${hi(40)} % 100 < 3 THEN ${pick(d.ISSUE_NOTES, hi(41))} ELSE '' END,
      CASE WHEN ch > 0 AND ${hi(42)} % 100 < 8 THEN '12021000000' || (${hi(43)} % 100) END,
      start_at, last_at, last_c_at, CASE WHEN ch > 0 THEN last_c_at + interval '${SOCIAL_REPLY_WINDOW_DAYS} days' END, last_a_at, first_a_at,
      CASE WHEN assignee IS NOT NULL THEN coalesce(first_a_at - interval '30 seconds', start_at + interval '1 minute') END,
      start_at,
      CASE WHEN cls IN (0, 1) THEN bench_seed.msg_at(start_at, gap_ms, id, coalesce(last_a + 1, 0)) END,
      CASE WHEN cls IN (1, 2) AND ${hi(44)} % 100 < 2 THEN last_at END,
      CASE WHEN cls = 3 AND status <> 'transferred' THEN least(${NOW}, last_at + interval '1 second' * (${hi(45)} % 7200)) END,
      CASE WHEN status = 'close' THEN least(${NOW}, last_at + interval '1 second' * (${hi(45)} % 7200 + ${hi(46)} % 86400)) END,
      CASE WHEN cls IN (0, 1) THEN n - 1 - coalesce(last_a, -1) ELSE 0 END,
      start_at, last_at
    FROM bench_seed.plan ORDER BY id`),
);
await step('issue tags', () =>
  q(`
    INSERT INTO issue_tags (issue_id, tag_id)
    SELECT id, ${uid('tag', 't')} FROM (
      SELECT id, 1 + floor(${d.TAGS.length} * power(${hi(19)} / 2147483648.0, 2))::int AS t
        FROM bench_seed.plan WHERE ${hi(20)} % 100 < 35
      UNION
      SELECT id, 1 + ${hi(21)} % ${d.TAGS.length} FROM bench_seed.plan WHERE ${hi(22)} % 100 < 12
    ) x ORDER BY 1, 2`),
);

// ---- messages ---------------------------------------------------------------------------------------------------
const fill = (tpl: string) => {
  const mh = (salt: number) => h('mk', salt);
  const subs: Array<[string, string]> = [
    [
      '{pe}',
      pick(
        d.PRODUCTS.map((p) => p[1]),
        mh(10),
      ),
    ],
    [
      '{p}',
      pick(
        d.PRODUCTS.map((p) => p[0]),
        mh(10),
      ),
    ],
    [
      '{ce}',
      pick(
        d.COLOURS.map((p) => p[1]),
        mh(11),
      ),
    ],
    [
      '{c}',
      pick(
        d.COLOURS.map((p) => p[0]),
        mh(11),
      ),
    ],
    ['{s2}', pick(d.SIZES, mh(13))],
    ['{s}', pick(d.SIZES, mh(12))],
    ['{o}', `'SB-' || (10000 + ${mh(14)} % 90000)`],
    ['{a}', `(190 + ${mh(15)} % 4800)::text`],
    ['{t}', `'TH' || lpad((${mh(16)} % 1000000000)::text, 10, '0')`],
    [
      '{ve}',
      pick(
        d.PROVINCES.map((p) => p[1]),
        mh(17),
      ),
    ],
    [
      '{v}',
      pick(
        d.PROVINCES.map((p) => p[0]),
        mh(17),
      ),
    ],
    ['{n}', `(1 + ${mh(18)} % 5)::text`],
  ];
  return subs.reduce((expr, [token, value]) => `replace(${expr}, '${token}', ${value})`, tpl);
};
const template = `CASE
    WHEN s = 2 THEN ${pick(d.SYSTEM_REPLIES, h('mk', 6))}
    WHEN s = 3 THEN ${pick(d.PRIVATE_NOTES, h('mk', 6))}
    WHEN s = 0 AND ${h('mk', 7)} % 250000 = 1 THEN 'มี${d.VERY_RARE_PRODUCT}ไหมคะ'
    WHEN s = 0 AND ${h('mk', 7)} % 10000 = 0 THEN 'อยากได้${d.RARE_PRODUCT} {n} ใบค่ะ'
    WHEN s = 0 AND ml = 0 THEN ${pick(d.TH_CUSTOMER, h('mk', 6))}
    WHEN s = 0 THEN ${pick(d.EN_CUSTOMER, h('mk', 6))}
    WHEN ml = 0 THEN ${pick(d.TH_AGENT, h('mk', 6))}
    ELSE ${pick(d.EN_AGENT, h('mk', 6))} END`;
const messagesSql = `
  INSERT INTO messages (id, organization_id, issue_id, channel_id, direction, sender_type, sender_user_id, kind, text,
    payload, is_private_note, delivery_status, provider_message_id, delivered_via, delivery_attempts, created_at)
  OVERRIDING SYSTEM VALUE
  SELECT $1::bigint + row_number() OVER (ORDER BY at, issue_id, k), ${ORG}, issue_id, ${uid('channel', 'ch')},
    CASE WHEN s = 0 THEN 'inbound' ELSE 'outbound' END,
    CASE s WHEN 0 THEN 'customer' WHEN 2 THEN 'system' ELSE 'agent' END,
    CASE WHEN s IN (1, 3) THEN assignee END,
    kind,
    CASE WHEN kind = 'text' THEN ${fill(template)} END,
    CASE kind WHEN 'image' THEN jsonb_build_object('url', 'https://files.example-cdn.net/' || md5('img' || mk), 'width', 1080, 'height', 1440)
              WHEN 'sticker' THEN jsonb_build_object('packageId', '446', 'stickerId', (1988 + ${h('mk', 8)} % 40)::text) END,
    s = 3,
    CASE WHEN s = 0 THEN 'received' WHEN s = 3 THEN 'sent' WHEN ${h('mk', 9)} % 100 < 1 THEN 'failed'
         WHEN ${h('mk', 9)} % 100 < 55 THEN 'read' WHEN ${h('mk', 9)} % 100 < 95 THEN 'delivered' ELSE 'sent' END,
    CASE WHEN s <> 3 THEN 'bench-' || issue_id || '-' || k END,
    CASE WHEN s IN (1, 2) THEN CASE WHEN ch = 0 THEN 'push' ELSE 'graph' END END,
    CASE WHEN s IN (1, 2) THEN 1 ELSE 0 END,
    at
  FROM (
    SELECT p.id AS issue_id, p.ch, p.assignee, k, x.s, x.mk, bench_seed.msg_at(p.start_at, p.gap_ms, p.id, k) AS at,
      CASE WHEN x.s = 0 AND ${h('x.mk', 4)} % 100 < 4 THEN 'image' WHEN x.s = 0 AND ${h('x.mk', 4)} % 100 < 5 THEN 'sticker'
           ELSE 'text' END AS kind,
      -- the contact's language, and now and then the other one
      CASE WHEN ${h('x.mk', 5)} % 100 < 5 THEN 1 - p.lang ELSE p.lang END AS ml
    FROM bench_seed.plan p, generate_series(0, p.n - 1) k,
      LATERAL (SELECT bench_seed.sender(p.id, k, p.n, p.cls) AS s, p.id * 128 + k AS mk) x
    WHERE p.id BETWEEN $2 AND $3
  ) m`;
{
  // Batches of issues, each with its messages' first id (ids follow time within a batch); two sessions
  // insert them side by side.
  const batches = (
    await q(`SELECT (id - 1) / ${BATCH} AS b, sum(n)::bigint AS n FROM bench_seed.plan GROUP BY 1 ORDER BY 1`)
  ).rows.map((r: { b: string; n: string }) => ({ b: Number(r.b), n: Number(r.n) }));
  const planned = batches.reduce((sum, x) => sum + x.n, 0);
  let offset = 0;
  const queue = batches.map((x) => {
    const job = { lo: x.b * BATCH + 1, hi: Math.min(ISSUES, (x.b + 1) * BATCH), offset };
    offset += x.n;
    return job;
  });
  const started = performance.now();
  let total = 0;
  let reported = 0;
  const lane = async () => {
    const s = await loadSession(url, '1GB');
    for (let job = queue.shift(); job; job = queue.shift()) {
      const inserted = (await s.query(messagesSql, [job.offset, job.lo, job.hi])).rowCount ?? 0;
      total += inserted;
      if (total - reported >= planned / 4 || total === planned) {
        reported = total;
        console.log(
          `  messages: ${total.toLocaleString()} of ${planned.toLocaleString()}, ${Math.round(total / ((performance.now() - started) / 1000)).toLocaleString()}/s`,
        );
      }
    }
    await s.end();
  };
  await Promise.all([lane(), lane()]);
  console.log(`  ${total.toLocaleString()} messages … ${secs(started)} s`);
}

// ---- sequences, vacuum, indexes, statistics ------------------------------------------------------------------
console.log('Finish');
await step('sequences', () =>
  q(`SELECT setval(pg_get_serial_sequence('issues', 'id'), (SELECT max(id) FROM issues));
     SELECT setval(pg_get_serial_sequence('messages', 'id'), (SELECT max(id) FROM messages));
     DROP SCHEMA bench_seed CASCADE`),
);
await step('status tally', () => q(STATUS_TALLY_SQL));
// Before the indexes: only the primary keys to clean, and the visibility map is set for index-only scans.
await step('vacuum', () => q(`VACUUM ${BIG_TABLES.join(', ')}`));
{
  const started = performance.now();
  // The messages' trigram index is by far the longest: built on its own connection beside the others.
  const gin = secondary.filter((i) => i.name === 'messages_text_trgm_idx');
  const rest = secondary.filter((i) => i.name !== 'messages_text_trgm_idx');
  const lane = async (list: typeof secondary, mem: string) => {
    const s = await loadSession(url, mem);
    for (const i of list) {
      const t = performance.now();
      await s.query(i.def);
      console.log(`  index ${i.name} … ${secs(t)} s`);
    }
    await s.end();
  };
  await Promise.all([lane(gin, '2GB'), lane(rest, '1GB')]);
  console.log(`  ${secondary.length} indexes … ${secs(started)} s`);
}
const rebuilt = await indexesOf();
if (JSON.stringify(rebuilt) !== JSON.stringify(secondary)) {
  throw new Error('the rebuilt indexes differ from the migrations’ definitions');
}
await step('analyze', () => q('ANALYZE'));

const counts = (
  await q(`SELECT (SELECT count(*) FROM contacts) AS contacts, (SELECT count(*) FROM issues) AS issues,
    (SELECT count(*) FROM messages) AS messages, (SELECT count(*) FROM issue_tags) AS issue_tags,
    pg_size_pretty(pg_database_size(current_database())) AS size`)
).rows[0] as Record<string, string>;
await c.end();
await markSeeded(url, marker);
console.log(
  `Seeded ${dbName} in ${secs(t0)} s: ${Number(counts.contacts).toLocaleString()} contacts, ${Number(counts.issues).toLocaleString()} issues, ` +
    `${Number(counts.messages).toLocaleString()} messages, ${Number(counts.issue_tags).toLocaleString()} issue tags, ${counts.size}; indexes identical to the migrations'.`,
);
