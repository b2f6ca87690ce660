// The hand-computed report fixture: a small organisation on Asia/Bangkok with a LINE
// channel open Monday–Friday 09:00–18:00 and a holiday on Wednesday 2027-03-03, a Facebook channel open 24x7,
// and issues with known timestamps across business hours, the holiday and the Bangkok/UTC day boundary. The
// expected figures are worked out in docs/decisions/reports.md ("Dashboard and reports").
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  channels,
  contacts,
  csatSurveys,
  slaOutcomes,
  channelHolidays,
  channelShifts,
  issueActivities,
  issueTags,
  issues,
  responseIntervals,
} from '../src/db/schema';
import type { Executor } from '../src/platform/db';
import type { TestApp } from './app';
import { buildWorkspace } from './workspace';

/** "Now" for the fixture: Wednesday 2027-03-10 10:00 in Bangkok. */
export const FIXTURE_NOW = new Date('2027-03-10T03:00:00Z');
/** Bangkok local time → instant (UTC+7, no daylight saving). */
export const bkk = (local: string) => new Date(`${local}+07:00`);

export type ReportFixture = Awaited<ReturnType<typeof buildReportFixture>>;

export async function buildReportFixture(t: TestApp) {
  const w = await buildWorkspace(t);
  const { org } = w;
  // All facts in one transaction: a roll-up job running meanwhile sees all of them or none.
  await t.db.orm.transaction(async (tx) => {
    await tx
      .update(channels)
      .set({ businessHoursMode: 'custom', assignedTeamId: w.teamA.id })
      .where(eq(channels.id, w.line.id));
    await tx.update(channels).set({ assignedTeamId: w.teamB.id }).where(eq(channels.id, w.facebook.id));
    await tx.insert(channelShifts).values(
      [1, 2, 3, 4, 5].map((weekday) => ({
        channelId: w.line.id,
        weekday,
        startsAt: '09:00',
        endsAt: '18:00',
      })),
    );
    await tx.insert(channelHolidays).values({
      channelId: w.line.id,
      name: 'Makha Bucha',
      date: '2027-03-03',
      autoResponseMessage: 'Closed today',
    });

    const issue = async (v: {
      channel: 'line' | 'facebook';
      team: 'A' | 'B';
      agent: string | null;
      start: Date;
      adId?: string;
      status: (typeof issues.$inferInsert)['status'];
    }) => {
      const [row] = await tx
        .insert(issues)
        .values({
          organizationId: org.id,
          channelId: v.channel === 'line' ? w.line.id : w.facebook.id,
          contactId: (await contactId(tx, org.id))!,
          teamId: v.team === 'A' ? w.teamA.id : w.teamB.id,
          assigneeUserId: v.agent,
          status: v.status,
          adId: v.adId ?? null,
          startDate: v.start,
          lastResponseAt: v.start,
          firstCustomerMessageAt: v.start,
        })
        .returning();
      return row!;
    };
    const waited = (i: typeof issues.$inferSelect, customerAt: Date, repliedAt: Date, first: boolean) =>
      tx.insert(responseIntervals).values({
        organizationId: org.id,
        issueId: i.id,
        channelId: i.channelId,
        teamId: i.teamId,
        agentUserId: i.assigneeUserId,
        customerAt,
        repliedAt,
        isFirstResponse: first,
      });
    const status = (i: typeof issues.$inferSelect, from: string, to: string, at: Date) =>
      tx.insert(issueActivities).values({
        organizationId: org.id,
        issueId: i.id,
        actorUserId: w.manager.id,
        kind: 'status',
        fromStatus: from as 'on-going',
        toStatus: to as 'on-going',
        createdAt: at,
      });

    // I1: LINE, team A, Sam, from an ad, tagged VIP; resolved-success Thursday, closed Friday.
    const i1 = await issue({
      channel: 'line',
      team: 'A',
      agent: w.staff.id,
      start: bkk('2027-03-01T17:00:00'),
      adId: 'ad-1',
      status: 'close',
    });
    await waited(i1, bkk('2027-03-01T17:00:00'), bkk('2027-03-02T09:30:00'), true);
    await waited(i1, bkk('2027-03-02T17:50:00'), bkk('2027-03-04T09:10:00'), false);
    await status(i1, 'on-going', 'resolved-success', bkk('2027-03-04T12:00:00'));
    await status(i1, 'resolved-success', 'close', bkk('2027-03-05T10:00:00'));
    await tx.insert(issueTags).values({ issueId: i1.id, tagId: w.vip.id });

    // I2: Facebook, team B, Bob, from an ad; starts 00:30 in Bangkok (still the previous day in UTC).
    const i2 = await issue({
      channel: 'facebook',
      team: 'B',
      agent: w.staffB.id,
      start: bkk('2027-03-03T00:30:00'),
      adId: 'ad-2',
      status: 'close',
    });
    await waited(i2, bkk('2027-03-03T00:30:00'), bkk('2027-03-03T01:00:00'), true);
    await status(i2, 'on-going', 'resolved-un-success', bkk('2027-03-03T02:30:00'));
    await status(i2, 'resolved-un-success', 'close', bkk('2027-03-05T11:00:00'));

    // I3: LINE, team A, Sue, today (read from the raw facts, not stored yet).
    const i3 = await issue({
      channel: 'line',
      team: 'A',
      agent: w.staff2.id,
      start: bkk('2027-03-10T08:00:00'),
      status: 'waiting',
    });
    await waited(i3, bkk('2027-03-10T08:00:00'), bkk('2027-03-10T09:15:00'), true);

    // I4: Facebook, team B, nobody yet, yesterday.
    await issue({
      channel: 'facebook',
      team: 'B',
      agent: null,
      start: bkk('2027-03-09T12:00:00'),
      status: 'un-assigned',
    });

    // I5: Facebook, team B, Bob, in the compare period (2027-02-19 … 2027-02-28).
    const i5 = await issue({
      channel: 'facebook',
      team: 'B',
      agent: w.staffB.id,
      start: bkk('2027-02-20T10:00:00'),
      status: 'resolved-success',
    });
    await waited(i5, bkk('2027-02-20T10:00:00'), bkk('2027-02-20T10:10:00'), true);
    await status(i5, 'on-going', 'resolved-success', bkk('2027-02-20T11:00:00'));

    // Satisfaction surveys, credited to the issue's team and agent when sent: I1 rated 5 on a stored day,
    // I2 (sent Friday) rated 3 today (raw facts), I5 rated 2 in the compare period.
    const survey = (i: typeof issues.$inferSelect, sentAt: Date, rating: number, ratedAt: Date) =>
      tx.insert(csatSurveys).values({
        organizationId: org.id,
        issueId: i.id,
        channelId: i.channelId,
        identityId: randomUUID(),
        teamId: i.teamId,
        agentUserId: i.assigneeUserId,
        language: 'th',
        sentAt,
        rating,
        ratedAt,
      });
    await survey(i1, bkk('2027-03-04T12:00:00'), 5, bkk('2027-03-04T12:05:00'));
    await survey(i2, bkk('2027-03-05T11:00:00'), 3, bkk('2027-03-10T09:00:00'));
    await survey(i5, bkk('2027-02-20T11:00:00'), 2, bkk('2027-02-20T11:10:00'));

    // Service level targets, counted on the day they completed: I1's first response late and its
    // resolution in time, I2's and today's I3's first responses in time; I5's in the compare period.
    const target = (
      i: typeof issues.$inferSelect,
      name: 'firstResponse' | 'resolution',
      dueAt: Date,
      doneAt: Date,
    ) =>
      tx.insert(slaOutcomes).values({
        organizationId: org.id,
        issueId: i.id,
        channelId: i.channelId,
        teamId: i.teamId,
        agentUserId: i.assigneeUserId,
        target: name,
        dueAt,
        doneAt,
        met: doneAt <= dueAt,
        at: doneAt,
      });
    await target(i1, 'firstResponse', bkk('2027-03-01T17:30:00'), bkk('2027-03-02T09:30:00'));
    await target(i1, 'resolution', bkk('2027-03-05T17:00:00'), bkk('2027-03-04T12:00:00'));
    await target(i2, 'firstResponse', bkk('2027-03-03T01:00:00'), bkk('2027-03-03T01:00:00'));
    await target(i3, 'firstResponse', bkk('2027-03-10T09:30:00'), bkk('2027-03-10T09:15:00'));
    await target(i5, 'firstResponse', bkk('2027-02-20T10:30:00'), bkk('2027-02-20T10:10:00'));
  });
  return w;
}

async function contactId(tx: Executor, organizationId: string) {
  const [row] = await tx.insert(contacts).values({ organizationId, displayName: 'Customer' }).returning();
  return row?.id;
}
/** The period of the fixture and its compare period, as query parameters. */
export const FIXTURE_QUERY = 'from=2027-03-01&to=2027-03-10&compareFrom=2027-02-19&compareTo=2027-02-28';
