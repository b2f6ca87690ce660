// One database is enough: the checks are the calls to the providers' simulator and what comes of them, over
// plain reads and writes.
// LINE staff alerts end to end through the simulator: a staff member asks for a code in their profile,
// sends it to the organisation's LINE account, and from then on receives their notifications as LINE
// messages from that account, until they unlink.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/app';
import { eventually, startChannelHarness, type ChannelHarness } from '../../../test/channels';
import { buildOrganization, buildTeam, buildUser, signIn } from '../../../test/factories';
import { contactIdentities, issues } from '../../db/schema';
import { notify } from '../notifications';

let h: ChannelHarness;
let line: { id: string; externalId: string };
let seq = 0;
const lineUser = () => `U${(Date.now() * 100 + ++seq).toString(16).padStart(32, 'c')}`;

beforeAll(async () => {
  h = await startChannelHarness();
  line = await h.createLineChannel({ name: 'Sabai Shop LINE' });
});

async function staffMember(org = h.org) {
  const user = await buildUser(h.t, org, 'Staff');
  return { user, token: (await signIn(h.t, user)).accessToken };
}

const startLink = (token: string) => call(h.t.app, 'POST', '/api/v1/me/line-link', { token });
const settingsOf = async (token: string) =>
  (await call(h.t.app, 'GET', '/api/v1/me/notification-settings', { token })).json() as {
    line: boolean;
    lineLinked: boolean;
  };
const textsTo = (userId: string) =>
  h.sim.outbox(line.externalId, userId).map((o) => (o.message as { text?: string }).text ?? '');
const issuesOf = (lineUserId: string) =>
  h.t.db.orm
    .select({ id: issues.id })
    .from(issues)
    .innerJoin(contactIdentities, eq(contactIdentities.id, issues.contactIdentityId))
    .where(eq(contactIdentities.externalUserId, lineUserId));

/** An issue of the organisation: a customer writes in. */
async function customerIssue(): Promise<number> {
  const customer = lineUser();
  await h.sim.line.text(line.externalId, customer, 'สวัสดีค่ะ');
  return (await eventually(async () => (await issuesOf(customer))[0]))!.id;
}

function notifyUser(userId: string, issueId: number) {
  return h.t.db.orm.transaction((tx) =>
    notify(tx, {
      organizationId: h.org.id,
      userId,
      type: 'assigned',
      content: `Issue #${issueId} was assigned to you`,
      issueId,
    }),
  );
}

describe('LINE staff alerts', () => {
  it('links the LINE account that sends the code, confirms on LINE, and pushes notifications there', async () => {
    const { user, token } = await staffMember();
    const res = await startLink(token);
    expect(res.statusCode).toBe(201);
    const link = res.json() as { code: string; expiresAt: string; channels: string[] };
    expect(link.code).toMatch(/^SABAI-\d{6}$/);
    expect(link.channels).toContain('Sabai Shop LINE');
    expect(new Date(link.expiresAt).getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);

    // Typed loosely on a phone: lower case, a space instead of the dash.
    const staffLine = lineUser();
    h.sim.addLineUser(line.externalId, { userId: staffLine, displayName: 'Staff on LINE' });
    await h.sim.line.text(line.externalId, staffLine, link.code.replace('SABAI-', 'sabai '));
    await eventually(async () => (await settingsOf(token)).lineLinked);
    expect(await settingsOf(token)).toMatchObject({ line: true, lineLinked: true });
    await eventually(async () =>
      textsTo(staffLine).some((t) => t.includes('Sabai Inbox alerts are now linked')),
    );
    // Linking is not a customer conversation.
    expect(await issuesOf(staffLine)).toEqual([]);

    const issueId = await customerIssue();
    await notifyUser(user.id, issueId);
    const alert = await eventually(async () =>
      textsTo(staffLine).find((t) => t.startsWith(`Issue #${issueId} was assigned to you`)),
    );
    expect(alert).toContain(`/issue/inbox?issueId=${issueId}`);

    // Unlinked: the next notification stays in the product.
    expect((await call(h.t.app, 'DELETE', '/api/v1/me/line-link', { token })).statusCode).toBe(204);
    expect(await settingsOf(token)).toMatchObject({ lineLinked: false });
    const before = textsTo(staffLine).length;
    await notifyUser(user.id, issueId);
    // An alert would be a job queued on the notification's event: nothing marks its absence, so time passes.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(textsTo(staffLine)).toHaveLength(before);
  });

  it('treats a code nobody asked for, or one of another organisation, as a customer message', async () => {
    const stranger = lineUser();
    await h.sim.line.text(line.externalId, stranger, 'SABAI-000000');
    await eventually(async () => (await issuesOf(stranger)).length === 1);

    const other = await buildOrganization(h.t);
    const { token } = await staffMember(other);
    // The other organisation has no LINE account to link through.
    const refused = await startLink(token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'line_link.no_channel' });
  });

  it('does not link a code sent to another organisation’s LINE account', async () => {
    const other = await buildOrganization(h.t);
    const { token } = await staffMember(other);
    // Give the other organisation a LINE account of its own so it can ask for a code.
    const admin = await buildUser(h.t, other, 'Admin');
    const adminToken = (await signIn(h.t, admin)).accessToken;
    const externalId = String(2_000_000_000 + Math.floor(Math.random() * 1e8));
    h.sim.addLineChannel({
      channelId: externalId,
      channelSecret: 'other-secret',
      accessToken: `other-token-${externalId}`,
      botUserId: `U${'e'.repeat(24)}${externalId.slice(-8)}`,
    });
    const created = await call(h.t.app, 'POST', '/api/v1/channels', {
      token: adminToken,
      body: {
        type: 'line',
        name: 'Other shop',
        externalId,
        secret: 'other-secret',
        accessToken: `other-token-${externalId}`,
        assignedMode: 'normal',
        assignedTeamId: (await buildTeam(h.t, other)).id,
      },
    });
    expect(created.statusCode).toBe(201);
    const { code } = (await startLink(token)).json() as { code: string };

    const sender = lineUser();
    await h.sim.line.text(line.externalId, sender, code);
    await eventually(async () => (await issuesOf(sender)).length === 1);
    expect(await settingsOf(token)).toMatchObject({ lineLinked: false });
  });

  it('asks for a signed-in caller', async () => {
    expect((await call(h.t.app, 'POST', '/api/v1/me/line-link', {})).statusCode).toBe(401);
  });
});
