// One database is enough: the checks are the calls to the providers' simulator and what comes of them, over
// plain reads and writes.
// Connecting a provider account another organisation uses: nothing changes until the
// caller proves control (LINE confirms id, secret and token; Meta: a Facebook Login that granted the Page),
// and until then the refusal is the same whether or not the account is used elsewhere. A proven takeover
// moves the webhooks to the winner and tells the loser, whose channel shows when it was taken over.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/app';
import { eventually, facebookLogin, startChannelHarness, type ChannelHarness } from '../../../test/channels';
import { buildOrganization, buildTeam, buildUser, signIn } from '../../../test/factories';
import { channels, messages } from '../../db/schema';

let h: ChannelHarness;

beforeAll(async () => {
  h = await startChannelHarness();
});

/** Another organisation with an admin and a team. */
async function otherOrganization() {
  const org = await buildOrganization(h.t);
  const adminUser = await buildUser(h.t, org, 'Admin');
  return {
    org,
    adminUser,
    admin: (await signIn(h.t, adminUser)).accessToken,
    teamId: (await buildTeam(h.t, org)).id,
  };
}

/** A LINE channel that exists at LINE (the simulator) but that no organisation has connected. */
function lineChannelAtLine(accessTokenKind: 'long-lived' | 'short-lived' | 'v2.1' = 'long-lived') {
  const channelId = String(3_000_000_000 + Math.floor(Math.random() * 999_999_999));
  const channel = {
    channelId,
    channelSecret: randomBytes(16).toString('hex'),
    accessToken: `free-token-${channelId}`,
    accessTokenKind,
    botUserId: `U${randomBytes(16).toString('hex')}`,
    webhookUrl: `${h.url}/webhooks/line/${channelId}`,
  };
  h.sim.addLineChannel(channel);
  return channel;
}

const createLine = (
  token: string,
  teamId: string,
  claim: { externalId: string; secret: string; accessToken: string },
  takeOver = false,
) =>
  call(h.t.app, 'POST', '/api/v1/channels', {
    token,
    body: {
      type: 'line',
      name: `LINE ${claim.externalId}`,
      assignedMode: 'normal',
      assignedTeamId: teamId,
      ...claim,
      takeOver,
    },
  });

const listOf = async (token: string) =>
  (await call(h.t.app, 'GET', '/api/v1/channels', { token })).json<
    Array<{ id: string; externalId: string; takenOverAt: string | null }>
  >();

const noticesOf = async (token: string) =>
  (await call(h.t.app, 'GET', '/api/v1/web-notification', { token })).json<{
    items: Array<{ content: string; channelName: string | null; channelType: string | null }>;
  }>().items;

/** Sends a customer's text through the simulator (signed with the channel's real secret); where it landed. */
async function deliverText(externalId: string, text: string) {
  const userId = `U${randomBytes(16).toString('hex')}`;
  const delivery = await h.sim.line.text(externalId, userId, text);
  const messageId = String(
    (delivery.body as { events: Array<{ message?: { id: string } }> }).events[0]?.message?.id,
  );
  const stored = await eventually(async () => {
    const [row] = await h.t.db.orm
      .select({ channelId: messages.channelId, organizationId: messages.organizationId })
      .from(messages)
      .where(eq(messages.providerMessageId, messageId));
    return row;
  });
  return { status: delivery.status, ...stored };
}

describe('LINE channel takeover', () => {
  it('refuses without proof with one and the same 409, whether or not another organisation uses the id', async () => {
    const victim = await h.createLineChannel();
    const attacker = await otherOrganization();
    const ownAtLine = lineChannelAtLine();
    const free = lineChannelAtLine();
    const attempts = {
      // The victim's id with made-up credentials, asking to take over and not.
      madeUpTakeOver: await createLine(
        attacker.admin,
        attacker.teamId,
        {
          externalId: victim.externalId,
          secret: 'attacker-secret',
          accessToken: 'attacker-token',
        },
        true,
      ),
      madeUp: await createLine(attacker.admin, attacker.teamId, {
        externalId: victim.externalId,
        secret: 'attacker-secret',
        accessToken: 'attacker-token',
      }),
      // A real token and secret, but of another channel (the attacker's own).
      othersToken: await createLine(
        attacker.admin,
        attacker.teamId,
        {
          externalId: victim.externalId,
          secret: ownAtLine.channelSecret,
          accessToken: ownAtLine.accessToken,
        },
        true,
      ),
      // The victim's real token (leaked, say) without its secret.
      tokenWithoutSecret: await createLine(
        attacker.admin,
        attacker.teamId,
        {
          externalId: victim.externalId,
          secret: ownAtLine.channelSecret,
          accessToken: victim.accessToken,
        },
        true,
      ),
      // A free channel id with credentials that do not belong to it, and an id LINE does not know.
      freeButWrong: await createLine(attacker.admin, attacker.teamId, {
        externalId: free.channelId,
        secret: 'attacker-secret',
        accessToken: ownAtLine.accessToken,
      }),
      // A free channel's real id and secret with another channel's real token: the bots differ.
      freeWithOthersToken: await createLine(attacker.admin, attacker.teamId, {
        externalId: free.channelId,
        secret: free.channelSecret,
        accessToken: ownAtLine.accessToken,
      }),
      unknownAtLine: await createLine(attacker.admin, attacker.teamId, {
        externalId: '1999999999',
        secret: 'attacker-secret',
        accessToken: 'attacker-token',
      }),
    };
    for (const res of Object.values(attempts)) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: {
          code: 'channel.not_verified',
          message:
            'LINE did not confirm this channel. Check the channel ID, channel secret and channel access token.',
        },
      });
    }

    // Nothing changed: the victim still owns the channel, is not told anything, and receives its messages.
    const [row] = await h.t.db.orm.select().from(channels).where(eq(channels.id, victim.id));
    expect(row).toMatchObject({ isActive: true, takenOverAt: null });
    expect(await listOf(attacker.admin)).toEqual([]);
    expect(await noticesOf(h.admin)).toEqual([]);
    const delivered = await deliverText(victim.externalId, 'still mine');
    expect(delivered).toMatchObject({ status: 200, channelId: victim.id, organizationId: h.org.id });
  });

  it('takes over with proof: the loser is told and shows "taken over", webhooks reach the winner', async () => {
    const loser = await otherOrganization();
    const loserManager = (await signIn(h.t, await buildUser(h.t, loser.org, 'Manager'))).accessToken;
    const loserSecondAdmin = (await signIn(h.t, await buildUser(h.t, loser.org, 'Admin'))).accessToken;
    const atLine = lineChannelAtLine();
    const claim = {
      externalId: atLine.channelId,
      secret: atLine.channelSecret,
      accessToken: atLine.accessToken,
    };
    const first = await createLine(loser.admin, loser.teamId, claim);
    expect(first.statusCode).toBe(201);
    expect(first.json().takenOverAt).toBeNull();
    expect(await deliverText(atLine.channelId, 'before')).toMatchObject({ organizationId: loser.org.id });

    // Proven, but used elsewhere: the winner is asked to confirm first.
    const asked = await createLine(h.admin, h.teamId, claim);
    expect(asked.statusCode).toBe(409);
    expect(asked.json().error.code).toBe('channel.used_by_other_organization');
    const before = Date.now();
    const taken = await createLine(h.admin, h.teamId, claim, true);
    expect(taken.statusCode).toBe(201);
    const [winnerRow] = await h.t.db.orm.select().from(channels).where(eq(channels.id, taken.json().id));
    expect(winnerRow).toMatchObject({ isActive: true, botUserId: atLine.botUserId });

    // The loser still lists its channel, marked taken over with the date.
    const loserChannel = (await listOf(loser.admin)).find((c) => c.id === first.json().id);
    expect(loserChannel?.takenOverAt).not.toBeNull();
    expect(Date.parse(loserChannel!.takenOverAt!)).toBeGreaterThanOrEqual(before - 1000);
    const [loserRow] = await h.t.db.orm.select().from(channels).where(eq(channels.id, first.json().id));
    expect(loserRow).toMatchObject({ isActive: false, deletedAt: null });

    // Its channel managers (both admins) are notified; the manager, who cannot manage channels, is not.
    const notice = {
      content: `Channel LINE ${atLine.channelId} was taken over by another organisation`,
      channelName: `LINE ${atLine.channelId}`,
      channelType: 'line',
    };
    for (const token of [loser.admin, loserSecondAdmin])
      expect(await noticesOf(token)).toEqual([expect.objectContaining(notice)]);
    expect(await noticesOf(loserManager)).toEqual([]);

    // LINE's webhooks, signed with the channel's secret, now land in the winner's organisation.
    expect(await deliverText(atLine.channelId, 'after')).toMatchObject({
      status: 200,
      channelId: taken.json().id,
      organizationId: h.org.id,
    });
  });

  it('lets an organisation connect again a channel it deleted, and refuses a second one as a duplicate', async () => {
    const atLine = lineChannelAtLine();
    const claim = {
      externalId: atLine.channelId,
      secret: atLine.channelSecret,
      accessToken: atLine.accessToken,
    };
    const first = await createLine(h.admin, h.teamId, claim);
    expect(first.statusCode).toBe(201);
    const duplicate = await createLine(h.admin, h.teamId, claim);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.code).toBe('channel.duplicate');
    expect(
      (await call(h.t.app, 'DELETE', `/api/v1/channels/${first.json().id}`, { token: h.admin })).statusCode,
    ).toBe(204);
    const again = await createLine(h.admin, h.teamId, claim);
    expect(again.statusCode).toBe(201);
    expect(again.json().takenOverAt).toBeNull();
  });

  it('connects a channel whatever kind of token the admin pastes: long-lived, short-lived or v2.1', async () => {
    const other = await otherOrganization();
    for (const kind of ['long-lived', 'short-lived', 'v2.1'] as const) {
      const atLine = lineChannelAtLine(kind);
      const res = await createLine(other.admin, other.teamId, {
        externalId: atLine.channelId,
        secret: atLine.channelSecret,
        accessToken: atLine.accessToken,
      });
      expect(res.statusCode, kind).toBe(201);
      const [row] = await h.t.db.orm.select().from(channels).where(eq(channels.id, res.json().id));
      expect(row?.botUserId, kind).toBe(atLine.botUserId);
    }
  });

  it('answers 502 channel.provider_unavailable when LINE cannot be asked, and stores nothing', async () => {
    const atLine = lineChannelAtLine();
    h.sim.line.failNext(1, { status: 500 }, { pathIncludes: '/oauth2/' });
    const res = await createLine(h.admin, h.teamId, {
      externalId: atLine.channelId,
      secret: atLine.channelSecret,
      accessToken: atLine.accessToken,
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe('channel.provider_unavailable');
    const stored = await h.t.db.orm
      .select()
      .from(channels)
      .where(and(eq(channels.externalId, atLine.channelId), eq(channels.organizationId, h.org.id)));
    expect(stored).toEqual([]);
  });
});

describe('Messenger takeover', () => {
  it('needs a Facebook Login of the caller that granted the Page; the loser is told', async () => {
    const loser = await otherOrganization();
    const page = await h.connectMeta('facebook');
    const body = {
      type: 'facebook',
      name: 'Taken Page',
      externalId: page.pageId,
      assignedMode: 'normal',
      assignedTeamId: loser.teamId,
    };
    // Without a login of its own (here another organisation's): nothing is revealed or changed.
    const foreign = await call(h.t.app, 'POST', '/api/v1/channels', {
      token: loser.admin,
      body: { ...body, connectionId: await facebookLogin(h.t, h.sim, h.admin), takeOver: true },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('channel.connection_expired');

    const connectionId = await facebookLogin(h.t, h.sim, loser.admin);
    const taken = await call(h.t.app, 'POST', '/api/v1/channels', {
      token: loser.admin,
      body: { ...body, connectionId, takeOver: true },
    });
    expect(taken.statusCode).toBe(201);
    const original = (await listOf(h.admin)).find((c) => c.id === page.id);
    expect(original?.takenOverAt).not.toBeNull();
    expect(await noticesOf(h.admin)).toEqual([
      expect.objectContaining({
        content: `Channel facebook ${page.pageId} was taken over by another organisation`,
      }),
    ]);
  });
});
