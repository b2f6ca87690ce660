// Every figure of the dashboard and the reports against the hand-computed fixture (test/reports.ts, worked
// out in docs/decisions/reports.md "Worked example"), with and without business hours; scopes; compare arithmetic; errors.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/app';
import { buildOrganization, buildUser, signIn } from '../../../test/factories';
import { buildReportFixture, FIXTURE_NOW, FIXTURE_QUERY, type ReportFixture } from '../../../test/reports';
import { rebuildOrganization } from './reports.rollup';

let t: TestApp;
let f: ReportFixture;
beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(FIXTURE_NOW);
  f = await buildReportFixture(t);
  // Days up to 2027-03-09 stored, today (2027-03-10) read from the raw facts.
  await rebuildOrganization(t.db, f.org.id, 'Asia/Bangkok', FIXTURE_NOW);
});

const get = async (who: 'admin' | 'manager' | 'staff' | 'managerB', url: string) => {
  const token = await f.tokenOf(f[who]);
  return call(t.app, 'GET', `/api/v1${url}`, { token });
};

const CURRENT = {
  issues: 4,
  resolved: 2,
  closed: 2,
  // I1 first wait 59,400 s (business 5,400), I2 1,800 (1,800), I3 4,500 (900).
  firstResponseSeconds: 21_900,
  firstResponseBusinessSeconds: 2_700,
  // The same plus I1's second wait over the holiday: 141,600 s (business 1,200).
  responseSeconds: 51_825,
  responseBusinessSeconds: 2_325,
  // I1 241,200 s (business 46,800), I2 7,200 (7,200).
  resolvedSeconds: 124_200,
  resolvedBusinessSeconds: 27_000,
  resolvedPerDay: 0.2,
  closeSuccessRate: 50,
  successRate: 50,
  conversionRate: 50,
  // Surveys sent: I1, I2; rated: I1 5, I2 3 (today).
  csatResponses: 2,
  csatResponseRate: 100,
  csatPercent: 50,
  csatAverage: 4,
  // First responses: I1 late, I2 and I3 in time; I1 resolved in time.
  slaMet: 3,
  slaBreached: 1,
  slaMetPercent: 75,
  slaFirstResponseMetPercent: (100 * 2) / 3,
  slaNextResponseMetPercent: null,
  slaResolutionMetPercent: 100,
};

const PREVIOUS = {
  issues: 1,
  resolved: 1,
  closed: 0,
  firstResponseSeconds: 600,
  firstResponseBusinessSeconds: 600,
  responseSeconds: 600,
  responseBusinessSeconds: 600,
  resolvedSeconds: 3_600,
  resolvedBusinessSeconds: 3_600,
  resolvedPerDay: 0.1,
  closeSuccessRate: null,
  successRate: 100,
  conversionRate: null,
  // I5 rated 2.
  csatResponses: 1,
  csatResponseRate: 100,
  csatPercent: 0,
  csatAverage: 2,
  // I5's first response in time.
  slaMet: 1,
  slaBreached: 0,
  slaMetPercent: 100,
  slaFirstResponseMetPercent: 100,
  slaNextResponseMetPercent: null,
  slaResolutionMetPercent: null,
};

describe('GET /dashboard', () => {
  it('computes every figure of the period and the compare period, and the change in percent', async () => {
    const res = await get('admin', `/dashboard?${FIXTURE_QUERY}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.figures.current).toEqual(CURRENT);
    expect(body.figures.previous).toEqual(PREVIOUS);
    expect(body.figures.change).toMatchObject({
      issues: 300,
      resolved: 100,
      closed: null,
      firstResponseSeconds: 3_550,
      resolvedPerDay: 100,
      successRate: -50,
      closeSuccessRate: null,
    });
  });

  it('puts each issue on its Bangkok day (I2 started 00:30 on the 3rd, still the 2nd in UTC)', async () => {
    const body = (await get('admin', `/dashboard?${FIXTURE_QUERY}`)).json();
    const nonZero = body.series.filter(
      (p: { issues: number; resolved: number; closed: number }) => p.issues + p.resolved + p.closed > 0,
    );
    expect(nonZero).toEqual([
      { day: '2027-03-01', issues: 1, resolved: 0, closed: 0 },
      { day: '2027-03-03', issues: 1, resolved: 1, closed: 0 },
      { day: '2027-03-04', issues: 0, resolved: 1, closed: 0 },
      { day: '2027-03-05', issues: 0, resolved: 0, closed: 2 },
      { day: '2027-03-09', issues: 1, resolved: 0, closed: 0 },
      { day: '2027-03-10', issues: 1, resolved: 0, closed: 0 },
    ]);
    expect(body.series).toHaveLength(10);
    expect(body.compareSeries).toHaveLength(10);
    expect(body.topTags).toEqual([
      { id: f.vip.id, name: 'VIP', colour: '#ff0000', issues: 1, previousIssues: 0 },
    ]);
  });

  it('filters by channel and team', async () => {
    const line = (await get('admin', `/dashboard?${FIXTURE_QUERY}&channel=${f.line.id}`)).json();
    expect(line.figures.current).toMatchObject({
      issues: 2,
      resolved: 1,
      firstResponseBusinessSeconds: 3_150,
    });
    const teamB = (await get('admin', `/dashboard?${FIXTURE_QUERY}&team=${f.teamB.id}`)).json();
    expect(teamB.figures.current).toMatchObject({
      issues: 2,
      resolved: 1,
      successRate: 0,
      conversionRate: 0,
      csatResponses: 1,
      csatAverage: 3,
    });
  });

  it('limits a manager (scope myChannel) to the channels their teams serve', async () => {
    const body = (await get('manager', `/dashboard?${FIXTURE_QUERY}`)).json();
    expect(body.figures.current.issues).toBe(2);
    expect(body.options.channels.map((c: { id: string }) => c.id)).toEqual([f.line.id]);
    // Asking for another team's channel finds nothing rather than leaking it.
    const other = (await get('manager', `/dashboard?${FIXTURE_QUERY}&channel=${f.facebook.id}`)).json();
    expect(other.figures.current.issues).toBe(0);
  });

  it('answers without a compare period', async () => {
    const body = (await get('admin', '/dashboard?from=2027-03-01&to=2027-03-10')).json();
    expect(body.figures.previous).toBeNull();
    expect(body.figures.change).toBeNull();
    expect(body.compareSeries).toBeNull();
  });

  it('refuses bad periods with stable codes', async () => {
    const reversed = await get('admin', '/dashboard?from=2027-03-10&to=2027-03-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.code).toBe('report.invalid_period');
    const long = await get('admin', '/dashboard?from=2025-01-01&to=2027-03-01');
    expect(long.json().error.code).toBe('report.period_too_long');
    const half = await get('admin', '/dashboard?from=2027-03-01&to=2027-03-10&compareFrom=2027-02-01');
    expect(half.json().error.code).toBe('report.invalid_compare');
    expect((await get('admin', '/dashboard?from=yesterday&to=2027-03-01')).statusCode).toBe(400);
  });

  it('needs a token and the dashboard permission', async () => {
    expect((await call(t.app, 'GET', `/api/v1/dashboard?${FIXTURE_QUERY}`)).statusCode).toBe(401);
    expect((await get('staff', `/dashboard?${FIXTURE_QUERY}`)).statusCode).toBe(403);
  });

  it('shows another organisation nothing of this one', async () => {
    const other = await buildOrganization(t);
    const admin = await buildUser(t, other, 'Admin');
    const { accessToken } = await signIn(t, admin);
    const body = (
      await call(t.app, 'GET', `/api/v1/dashboard?${FIXTURE_QUERY}&channel=${f.line.id}`, {
        token: accessToken,
      })
    ).json();
    expect(body.figures.current.issues).toBe(0);
    expect(body.options.channels).toEqual([]);
  });
});

describe('performance reports', () => {
  it('channel performance: a row per channel with business hours only where the channel has them', async () => {
    const body = (await get('admin', `/reports/channel-performance?${FIXTURE_QUERY}`)).json();
    const byName = Object.fromEntries(body.rows.map((r: { name: string }) => [r.name, r]));
    expect(byName['LINE shop'].current).toMatchObject({
      issues: 2,
      firstResponseSeconds: 31_950,
      firstResponseBusinessSeconds: 3_150,
      responseSeconds: (59_400 + 141_600 + 4_500) / 3,
      responseBusinessSeconds: (5_400 + 1_200 + 900) / 3,
      resolvedSeconds: 241_200,
      resolvedBusinessSeconds: 46_800,
      successRate: 100,
    });
    expect(byName['FB page'].current).toMatchObject({
      issues: 2,
      firstResponseSeconds: 1_800,
      firstResponseBusinessSeconds: 1_800,
      resolvedSeconds: 7_200,
      successRate: 0,
    });
    expect(byName['FB page'].previous).toMatchObject({ issues: 1, successRate: 100 });
    expect(body.total.current).toEqual(CURRENT);
  });

  it('channel performance needs scope all', async () => {
    expect((await get('manager', `/reports/channel-performance?${FIXTURE_QUERY}`)).statusCode).toBe(403);
  });

  it('team performance: team figures and the top 3 members; a manager sees only their team', async () => {
    const all = (await get('admin', `/reports/team-performance?${FIXTURE_QUERY}`)).json();
    expect(all.rows).toHaveLength(2);
    const mine = (await get('manager', `/reports/team-performance?${FIXTURE_QUERY}`)).json();
    expect(mine.rows.map((r: { id: string }) => r.id)).toEqual([f.teamA.id]);
    const [teamA] = mine.rows;
    expect(teamA.current).toMatchObject({ issues: 2, resolved: 1, firstResponseSeconds: 31_950 });
    expect(teamA.topMembers).toEqual([
      { id: f.staff.id, name: 'Sam Tester', resolved: 1, firstResponseSeconds: 59_400, successRate: 100 },
      { id: f.staff2.id, name: 'Sue Tester', resolved: 0, firstResponseSeconds: 4_500, successRate: null },
    ]);
    expect(mine.total.current.issues).toBe(2);
    // Asking for another team gives nothing.
    const other = (
      await get('manager', `/reports/team-performance?${FIXTURE_QUERY}&team=${f.teamB.id}`)
    ).json();
    expect(other.rows).toEqual([]);
    expect(other.total.current.issues).toBe(0);
  });

  it('agent performance: each agent’s averages; a manager sees only their team’s agents', async () => {
    const all = (await get('admin', `/reports/agent-performance?${FIXTURE_QUERY}`)).json();
    const byId = Object.fromEntries(all.rows.map((r: { id: string }) => [r.id, r]));
    expect(Object.keys(byId).sort()).toEqual([f.staff.id, f.staff2.id, f.staffB.id].sort());
    expect(byId[f.staff.id].current).toMatchObject({
      issues: 1,
      responseSeconds: 100_500,
      responseBusinessSeconds: 3_300,
    });
    expect(byId[f.staffB.id].previous).toMatchObject({ issues: 1, firstResponseSeconds: 600 });
    const mine = (await get('manager', `/reports/agent-performance?${FIXTURE_QUERY}`)).json();
    expect(mine.rows.map((r: { id: string }) => r.id).sort()).toEqual([f.staff.id, f.staff2.id].sort());
    expect((await get('staff', `/reports/agent-performance?${FIXTURE_QUERY}`)).statusCode).toBe(403);
  });

  it('exports CSV with translated headings and XLSX', async () => {
    const csv = await get('admin', `/reports/channel-performance/export?${FIXTURE_QUERY}&format=csv&lang=th`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^ช่องทาง,เคสทั้งหมด,/);
    expect(lines).toHaveLength(4);
    // Each figure, then its value before and the change: LINE had no issue before, so no change.
    expect(lines.some((l) => l.startsWith('LINE shop,2,0,,1,0,,1,0,,532.5,,,52.5,'))).toBe(true);
    expect(lines[3]).toMatch(/^รวม,4,1,300,/);
    const xlsx = await get('admin', `/reports/team-performance/export?${FIXTURE_QUERY}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(
      (await get('admin', `/reports/team-performance/export?${FIXTURE_QUERY}&format=pdf`)).statusCode,
    ).toBe(400);
  });
});

describe('GET /reports/csat', () => {
  it('lists the ratings of the period newest first, with the summary, in the caller’s teams only', async () => {
    const all = (await get('admin', '/reports/csat?from=2027-03-01&to=2027-03-10')).json();
    expect(all.items.map((r: { rating: number }) => r.rating)).toEqual([3, 5]);
    expect(all.items[0]).toMatchObject({ team: { id: f.teamB.id }, agent: { id: f.staffB.id } });
    expect(all.summary).toEqual({
      sent: 2,
      responses: 2,
      responseRate: 100,
      csatPercent: 50,
      average: 4,
      distribution: [0, 0, 1, 0, 1],
    });
    // A manager (scope myTeam) sees team A's rating only.
    const mine = (await get('manager', '/reports/csat?from=2027-03-01&to=2027-03-10')).json();
    expect(mine.items.map((r: { rating: number }) => r.rating)).toEqual([5]);
    expect(mine.summary.sent).toBe(1);
    expect((await get('staff', '/reports/csat?from=2027-03-01&to=2027-03-10')).statusCode).toBe(403);
  });

  it('pages with a cursor and refuses a forged one', async () => {
    const first = (await get('admin', '/reports/csat?from=2027-03-01&to=2027-03-10&limit=1')).json();
    expect(first.items).toHaveLength(1);
    const second = (
      await get('admin', `/reports/csat?from=2027-03-01&to=2027-03-10&limit=1&cursor=${first.nextCursor}`)
    ).json();
    expect(second.items.map((r: { rating: number }) => r.rating)).toEqual([5]);
    expect(second.nextCursor).toBeNull();
    const forged = await get('admin', '/reports/csat?from=2027-03-01&to=2027-03-10&cursor=nonsense');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('report.invalid_cursor');
  });
});
