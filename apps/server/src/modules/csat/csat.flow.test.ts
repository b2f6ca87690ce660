// One database is enough: the checks are the calls to the providers' simulator and what comes of them, over
// plain reads and writes.
// Customer satisfaction end to end through the simulator: the channel's settings, the
// survey sent once when an issue is resolved-success or closed, only inside the platform's window, in the
// customer's language; the tap matched to the issue that asked even after the customer opened another; the
// comment; the issue's panel and trail; the CSAT report, its export and the dashboard figures.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  CsatReport,
  CsatSettings,
  Dashboard,
  IssueActivity,
  IssueDetail,
  Message,
} from '@sabai/contracts';
import { call } from '../../../test/app';
import { eventually, startChannelHarness, storedMessage, type ChannelHarness } from '../../../test/channels';
import { buildOrganization, buildUser, signIn } from '../../../test/factories';
import { csatSurveys, issues, teams } from '../../db/schema';

let h: ChannelHarness;
let line: { id: string; externalId: string };
let adminId: string;
let seq = 0;
const lineUser = () => `U${(++seq + Date.now()).toString(16).padStart(32, 'd')}`;

const SETTINGS: CsatSettings = {
  enabled: true,
  question: { en: 'How did we do?', th: 'เราบริการเป็นอย่างไรบ้าง' },
  thankYou: { en: 'Thanks! Tell us more if you like.', th: 'ขอบคุณค่ะ เล่าเพิ่มเติมได้นะคะ' },
};

const api = (method: 'GET' | 'PUT' | 'PATCH', path: string, body?: unknown) =>
  call(h.t.app, method, `/api/v1${path}`, { token: h.admin, ...(body === undefined ? {} : { body }) });

beforeAll(async () => {
  h = await startChannelHarness();
  line = await h.createLineChannel();
  adminId = (await api('GET', '/me')).json<{ id: string }>().id;
  // The admin manages the channels' team, so issues can be given to them.
  await h.t.db.orm.update(teams).set({ managerUserId: adminId }).where(eq(teams.id, h.teamId));
  expect((await api('PUT', `/channels/${line.id}/csat`, SETTINGS)).statusCode).toBe(200);
});

/** A LINE customer who wrote `text`; resolves to their issue id. */
async function lineCustomer(text: string, userId = lineUser()) {
  const inbound = await h.sim.line.text(line.externalId, userId, text);
  const row = await storedMessage(h.t, line.id, String(inbound.body.events[0]!.message!.id));
  return { userId, issueId: row.issueId };
}

/** Assigns the admin, then sets the statuses one after another. */
async function finish(issueId: number, ...statuses: string[]) {
  expect((await api('PUT', `/issues/${issueId}/assignee`, { userId: adminId })).statusCode).toBe(200);
  for (const status of statuses) {
    const res = await api('PATCH', `/issues/${issueId}`, { kind: 'status', status });
    expect(res.statusCode, res.body).toBe(200);
  }
}

/** The LINE messages the customer received whose JSON contains `marker`. */
const received = (userId: string, marker: string) =>
  eventually(async () => {
    const found = h.sim
      .outbox(line.externalId, userId)
      .filter((o) => o.delivered && JSON.stringify(o.message).includes(marker));
    return found.length ? found.map((o) => o.message as Record<string, unknown>) : null;
  });

/** The postback data of the survey button with `stars` stars. */
function buttonData(survey: Record<string, unknown>, stars: number) {
  const items = (survey.quickReply as { items: Array<{ action: { label: string; data: string } }> }).items;
  return items.find((i) => i.action.label === '⭐'.repeat(stars))!.action.data;
}

const detail = async (issueId: number) => (await api('GET', `/issues/${issueId}`)).json<IssueDetail>();
const trail = async (issueId: number) =>
  (await api('GET', `/issues/${issueId}/activity`)).json<IssueActivity[]>();
const surveysOf = (issueId: number) =>
  h.t.db.orm.select().from(csatSurveys).where(eq(csatSurveys.issueId, issueId));

/** Today in the demo organisation's time zone, which reports count days in (UTC's date differs after 17:00). */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());

describe('settings', () => {
  it('starts off with the default texts, saves, validates and stays inside the organisation', async () => {
    const other = await h.createLineChannel();
    const fresh = (await api('GET', `/channels/${other.id}/csat`)).json<CsatSettings>();
    expect(fresh.enabled).toBe(false);
    expect(fresh.question.th).toContain('คะแนน');
    const empty = await api('PUT', `/channels/${other.id}/csat`, {
      ...SETTINGS,
      question: { en: ' ', th: 'x' },
    });
    expect(empty.statusCode).toBe(400);
    expect((await api('GET', `/channels/${line.id}/csat`)).json()).toEqual(SETTINGS);

    const stranger = await buildUser(h.t, await buildOrganization(h.t), 'Admin');
    const token = (await signIn(h.t, stranger)).accessToken;
    const res = await call(h.t.app, 'GET', `/api/v1/channels/${line.id}/csat`, { token });
    expect(res.statusCode).toBe(404);
    const write = await call(h.t.app, 'PUT', `/api/v1/channels/${line.id}/csat`, { token, body: SETTINGS });
    expect(write.statusCode).toBe(404);
  });
});

describe('LINE survey', () => {
  it('asks once in the customer’s language, takes the first tap even from a newer issue, and thanks', async () => {
    const { userId, issueId } = await lineCustomer('สวัสดีค่ะ สั่งของไปแล้วยังไม่ได้รับ');
    await finish(issueId, 'resolved-success', 'close');
    const [survey] = await received(userId, SETTINGS.question.th);
    expect(survey!.text).toBe(SETTINGS.question.th);
    const labels = (survey!.quickReply as { items: Array<{ action: { label: string } }> }).items.map(
      (i) => i.action.label,
    );
    expect(labels).toEqual(['⭐', '⭐⭐', '⭐⭐⭐', '⭐⭐⭐⭐', '⭐⭐⭐⭐⭐']);
    // Resolved-success then closed: still one survey.
    expect(await surveysOf(issueId)).toHaveLength(1);
    expect((await detail(issueId)).csat).toMatchObject({ rating: null, comment: null });

    // The customer opens a new issue, then rates the old one.
    const next = await lineCustomer('อีกเรื่องค่ะ', userId);
    expect(next.issueId).not.toBe(issueId);
    await h.sim.line.postback(line.externalId, userId, buttonData(survey!, 4));
    await eventually(async () => ((await detail(issueId)).csat?.rating === 4 ? true : null));
    await received(userId, SETTINGS.thankYou.th);
    // A second tap does not change the rating.
    await h.sim.line.postback(line.externalId, userId, buttonData(survey!, 1));
    await eventually(async () => {
      const chat = (await api('GET', `/issues/${issueId}/messages`)).json<{ items: Message[] }>().items;
      return chat.filter((m) => m.answersQuickReply).length === 2 ? true : null;
    });
    expect((await detail(issueId)).csat?.rating).toBe(4);
    // The chat names the survey's automatic messages as such.
    const asked = (await api('GET', `/issues/${issueId}/messages`)).json<{ items: Message[] }>().items;
    expect(asked.filter((m) => m.survey).map((m) => m.survey)).toEqual(['thanks', 'question']);
    // The taps are in the rated issue's chat; the newer issue got none of them.
    const newer = (await api('GET', `/issues/${next.issueId}/messages`)).json<{ items: Message[] }>().items;
    expect(newer.map((m) => m.text)).toEqual(['อีกเรื่องค่ะ']);
    // With an issue open, the next text is that issue's, not a comment.
    await lineCustomer('ขอบคุณค่ะ', userId);
    const [row] = await surveysOf(issueId);
    expect(row!.comment).toBeNull();
    const kinds = (await trail(issueId)).map((a) => a.kind);
    expect(kinds).toEqual(expect.arrayContaining(['csat_sent', 'csat_rated']));
    expect((await trail(issueId)).find((a) => a.kind === 'csat_rated')!.csat).toEqual({
      rating: 4,
      comment: null,
    });
  });

  it('takes the next text as the comment, in English for an English-writing customer', async () => {
    const { userId, issueId } = await lineCustomer('Hello, my parcel is late');
    await finish(issueId, 'resolved-success');
    const [survey] = await received(userId, SETTINGS.question.en);
    await h.sim.line.postback(line.externalId, userId, buttonData(survey!, 2));
    await received(userId, SETTINGS.thankYou.en);
    await lineCustomer('The courier was rude', userId);
    await eventually(async () => ((await detail(issueId)).csat?.comment ? true : null));
    expect((await detail(issueId)).csat).toMatchObject({ rating: 2, comment: 'The courier was rude' });
    // The comment did not bring the customer back: the issue stays resolved, and no new issue opened.
    expect((await detail(issueId)).status).toBe('resolved-success');
    const contactId = (await detail(issueId)).contact.id;
    const theirs = await h.t.db.orm.select().from(issues).where(eq(issues.contactId, contactId));
    expect(theirs.map((i) => i.id)).toEqual([issueId]);
    const commented = (await trail(issueId)).find((a) => a.kind === 'csat_commented');
    expect(commented!.csat).toEqual({ rating: null, comment: 'The courier was rude' });

    // The report lists it with its comment; the filters narrow it; the export carries it.
    const report = (
      await api('GET', `/reports/csat?from=${today()}&to=${today()}&withComment=true`)
    ).json<CsatReport>();
    const listed = report.items.find((r) => r.issueId === issueId)!;
    expect(listed).toMatchObject({ rating: 2, comment: 'The courier was rude', agent: { id: adminId } });
    expect(report.summary.responses).toBeGreaterThanOrEqual(2);
    expect(report.summary.sent).toBeGreaterThanOrEqual(report.summary.responses);
    const fives = (
      await api('GET', `/reports/csat?from=${today()}&to=${today()}&rating=5`)
    ).json<CsatReport>();
    expect(fives.items.find((r) => r.issueId === issueId)).toBeUndefined();
    const file = await api('GET', `/reports/csat/export?from=${today()}&to=${today()}&format=csv&lang=th`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.body).toContain('The courier was rude');
    expect(file.body).toContain('ความคิดเห็น');

    // The dashboard's figures count it.
    const dash = (await api('GET', `/dashboard?from=${today()}&to=${today()}`)).json<Dashboard>();
    expect(dash.figures.current.csatResponses).toBe(report.summary.responses);
    expect(dash.figures.current.csatAverage).toBeCloseTo(report.summary.average!, 5);
  });

  it('asks nobody who blocked the account, and nothing on a channel without the survey', async () => {
    const blocked = await lineCustomer('hi');
    await h.sim.line.unfollow(line.externalId, blocked.userId);
    await eventually(async () => ((await detail(blocked.issueId)).customerBlocked ? true : null));
    await finish(blocked.issueId, 'resolved-success');

    const off = await h.createLineChannel();
    const inbound = await h.sim.line.text(off.externalId, lineUser(), 'hello');
    const quiet = await storedMessage(h.t, off.id, String(inbound.body.events[0]!.message!.id));
    await finish(quiet.issueId, 'resolved-success');
    // The survey jobs ran (a later survey on an enabled channel went out after them) and sent nothing.
    const { userId, issueId } = await lineCustomer('hello again');
    await finish(issueId, 'resolved-success');
    await received(userId, SETTINGS.question.en);
    expect(await surveysOf(blocked.issueId)).toEqual([]);
    expect(await surveysOf(quiet.issueId)).toEqual([]);
  });
});

describe('Messenger survey', () => {
  it('asks inside the 24-hour window with quick replies, untagged, and links the tap', async () => {
    const fb = await h.connectMeta('facebook');
    expect((await api('PUT', `/channels/${fb.id}/csat`, SETTINGS)).statusCode).toBe(200);
    const psid = `${Date.now()}5`;
    const inbound = await h.sim.messenger.text(fb.pageId, psid, 'hi there');
    const row = await storedMessage(h.t, fb.id, String(inbound.body.entry[0]!.messaging[0]!.message!.mid));
    await finish(row.issueId, 'resolved-success');
    const sent = await eventually(
      async () =>
        h.sim
          .calls({ path: '/me/messages' })
          .find((c) => JSON.stringify(c.body).includes(SETTINGS.question.en)) ?? null,
    );
    const body = sent.body as {
      messaging_type: string;
      message: { quick_replies: Array<{ title: string; payload: string }> };
    };
    expect(body.messaging_type).toBe('RESPONSE');
    const five = body.message.quick_replies.find((q) => q.title === '⭐⭐⭐⭐⭐')!;
    await h.sim.messenger.quickReply(fb.pageId, psid, five.title, five.payload);
    await eventually(async () => ((await detail(row.issueId)).csat?.rating === 5 ? true : null));
  });

  it('sends nothing once the standard window has closed', async () => {
    const fb = await h.connectMeta('facebook');
    expect((await api('PUT', `/channels/${fb.id}/csat`, SETTINGS)).statusCode).toBe(200);
    const psid = `${Date.now()}6`;
    const inbound = await h.sim.messenger.text(fb.pageId, psid, 'hello');
    const row = await storedMessage(h.t, fb.id, String(inbound.body.entry[0]!.messaging[0]!.message!.mid));
    // 25 hours after the customer last wrote: a HUMAN_AGENT reply would still be allowed, a survey is not.
    h.t.clock.advance(25 * 3600_000);
    try {
      h.admin = await h.signInAdmin();
      await finish(row.issueId, 'resolved-success');
      const { userId, issueId } = await lineCustomer('later');
      await finish(issueId, 'resolved-success');
      await received(userId, SETTINGS.question.en);
      expect(await surveysOf(row.issueId)).toEqual([]);
    } finally {
      h.t.clock.set(null);
      h.admin = await h.signInAdmin();
    }
  });
});
