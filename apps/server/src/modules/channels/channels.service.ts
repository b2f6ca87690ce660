// Channel settings (the channel fields' validations and refusal messages): connect, edit and remove LINE
// OAs, Facebook Pages and Instagram accounts. Secrets are sealed at rest and never returned.
import { localTime } from '@sabai/domain';
import { NOTICE_TEXTS, type Channel, type CreateChannel, type UpdateChannel } from '@sabai/contracts';
import {
  createLineOwnershipCheck,
  createMetaLogin,
  providerFetch,
  LineUnavailableError,
  type ConnectablePage,
} from '../../channels';
import type { Deps } from '../../deps';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import type { Executor } from '../../platform/db';
import { countDeadLetters } from '../../platform/dead-letters';
import type { AuthContext } from '../../ports';
import { notify } from '../notifications';
import { organizationTimeZone } from '../organizations';
import { memberIdsWithScopeAll } from '../roles';
import { forgetLineSecret } from './credentials';
import * as repo from './channels.repo';

const CONNECTION_TTL_MS = 30 * 60 * 1000;

export async function listChannels(deps: Deps, auth: AuthContext): Promise<Channel[]> {
  const rows = await repo.listChannels(deps.db.orm, auth.organizationId);
  return present(deps, rows, auth.organizationId);
}

export async function getChannel(deps: Deps, auth: AuthContext, id: string): Promise<Channel> {
  const row = await repo.findChannel(deps.db.orm, auth.organizationId, id);
  if (!row || row.deletedAt) throw notFound();
  return (await present(deps, [row], auth.organizationId))[0]!;
}

/**
 * Creates a channel. Whoever connects a provider account proves control of it first:
 * LINE confirms the id, secret and token belong together; a Page or Instagram account comes from a
 * Facebook Login that granted it. Until proven, every refusal is the same whether or not another
 * organisation uses the account; once proven, an account active elsewhere needs `takeOver`.
 */
export async function createChannel(deps: Deps, auth: AuthContext, input: CreateChannel): Promise<Channel> {
  await assertValid(deps, auth.organizationId, input);
  // The caller's own organisation first: that reveals nothing about anyone else.
  const current = await repo.findActiveByExternalId(deps.db.orm, [input.type], input.externalId);
  if (current?.organizationId === auth.organizationId) throw conflict('channel.duplicate');
  const credentials =
    input.type === 'line'
      ? await provenLineCredentials(deps, input)
      : await pageCredentials(deps, auth, input);
  const now = deps.clock.now();
  const created = await deps.db.orm.transaction(async (tx) => {
    if (
      (await repo.countActiveChannels(tx, auth.organizationId)) >=
      (await repo.planMaxChannels(tx, auth.organizationId))
    ) {
      throw conflict('channel.plan_limit', "Can't add channel, Please contact sale");
    }
    const owner = await repo.findActiveByExternalId(tx, [input.type], input.externalId);
    if (owner?.organizationId === auth.organizationId) throw conflict('channel.duplicate');
    if (owner && !input.takeOver) throw conflict('channel.used_by_other_organization');
    if (owner) await takeOver(tx, owner, now);
    const row = await repo.insertChannel(tx, {
      organizationId: auth.organizationId,
      type: input.type,
      name: input.name,
      externalId: input.externalId,
      botUserId: credentials.botUserId,
      pageId: credentials.pageId,
      secretEncrypted: credentials.secret ? deps.cipher.encrypt(credentials.secret) : null,
      accessTokenEncrypted: deps.cipher.encrypt(credentials.accessToken),
      assignedMode: input.assignedMode,
      assignedTeamId: input.assignedTeamId,
      reservedTeamId: input.reservedTeamId,
      businessHoursMode: input.businessHoursMode,
      offServiceResponse: input.offServiceResponse,
      sendAgentIdentity: input.sendAgentIdentity,
      answerInGroups: input.answerInGroups,
      markReadOnOpen: input.markReadOnOpen,
      createdAt: now,
      updatedAt: now,
    });
    await repo.replaceChildren(tx, row.id, input);
    return row;
  });
  if (input.type === 'line') forgetLineSecret(input.externalId);
  else await subscribePage(deps, credentials.pageId!, credentials.accessToken);
  return getChannel(deps, auth, created.id);
}

// The losing organisation keeps its channel row (history, reports), marked taken over, and its channel
// managers are told in the same transaction.
async function takeOver(tx: Executor, owner: repo.ChannelRow, now: Date) {
  await repo.markTakenOver(tx, owner.id, now);
  for (const userId of await memberIdsWithScopeAll(tx, owner.organizationId, 'channel', 'update')) {
    await notify(tx, {
      organizationId: owner.organizationId,
      userId,
      type: 'channel_taken_over',
      content: NOTICE_TEXTS.channelTakenOver(owner.name),
      channelType: owner.type,
      channelName: owner.name,
    });
  }
}

const NOT_VERIFIED_MESSAGE =
  'LINE did not confirm this channel. Check the channel ID, channel secret and channel access token.';

async function provenLineCredentials(deps: Deps, input: Extract<CreateChannel, { type: 'line' }>) {
  const check = createLineOwnershipCheck({
    apiBaseUrl: deps.config.LINE_API_BASE_URL,
    timeoutMs: deps.config.PROVIDER_TIMEOUT_MS,
  });
  try {
    const result = await check.prove({
      channelId: input.externalId,
      secret: input.secret,
      accessToken: input.accessToken,
    });
    if (result.status === 'refused') throw conflict('channel.not_verified', NOT_VERIFIED_MESSAGE);
    return {
      secret: input.secret,
      accessToken: input.accessToken,
      pageId: null,
      botUserId: result.botUserId,
    };
  } catch (err) {
    if (!(err instanceof LineUnavailableError)) throw err;
    deps.logger.warn({ err: err.cause, channelId: input.externalId }, 'LINE channel check failed');
    throw new AppError(502, 'channel.provider_unavailable', 'LINE could not be reached. Please try again.');
  }
}

export async function updateChannel(
  deps: Deps,
  auth: AuthContext,
  id: string,
  input: UpdateChannel,
): Promise<Channel> {
  const row = await repo.findChannel(deps.db.orm, auth.organizationId, id);
  if (!row || row.deletedAt) throw notFound();
  await assertValid(deps, auth.organizationId, input);
  const today = localTime(
    deps.clock.now(),
    await organizationTimeZone(deps.db.orm, auth.organizationId),
  ).date;
  const { holidays } = await repo.childrenOf(deps.db.orm, [id]);
  const keptDates = new Map(input.holidays.flatMap((h) => (h.id ? [[h.id, h.date] as const] : [])));
  // Judged on the stored (original) date: moving a started holiday would take it off the day it answered
  // customers, and a later save could then remove it.
  if (holidays.some((h) => !canRemoveHoliday(h.date, today) && keptDates.get(h.id) !== h.date)) {
    throw conflict('channel.holiday_cannot_remove', 'This holiday cannot remove.');
  }
  await deps.db.orm.transaction(async (tx) => {
    await repo.updateChannel(tx, id, {
      name: input.name,
      assignedMode: input.assignedMode,
      assignedTeamId: input.assignedTeamId,
      reservedTeamId: input.reservedTeamId,
      businessHoursMode: input.businessHoursMode,
      offServiceResponse: input.offServiceResponse,
      sendAgentIdentity: input.sendAgentIdentity,
      answerInGroups: input.answerInGroups,
      markReadOnOpen: input.markReadOnOpen,
      updatedAt: deps.clock.now(),
      ...(input.secret ? { secretEncrypted: deps.cipher.encrypt(input.secret) } : {}),
      ...(input.accessToken ? { accessTokenEncrypted: deps.cipher.encrypt(input.accessToken) } : {}),
    });
    await repo.replaceChildren(tx, id, input);
  });
  repo.forgetBusinessHours(id);
  if (row.type === 'line') forgetLineSecret(row.externalId);
  return getChannel(deps, auth, id);
}

/** Removes a channel from settings; its issues and messages stay for history and reports. */
export async function deleteChannel(deps: Deps, auth: AuthContext, id: string) {
  const row = await repo.findChannel(deps.db.orm, auth.organizationId, id);
  if (!row || row.deletedAt) throw notFound();
  await repo.deactivateChannel(deps.db.orm, id, deps.clock.now(), true);
  if (row.type === 'line') forgetLineSecret(row.externalId);
}

// A holiday that has started (today or earlier) already answered customers: it stays on its date, for the record.
const canRemoveHoliday = (date: string, today: string) => date > today;

async function assertValid(deps: Deps, organizationId: string, input: UpdateChannel) {
  if (input.assignedMode === 'keyword' && input.keywords.length === 0)
    throw badRequest('channel.keyword_required');
  const seen = new Set<string>();
  for (const k of input.keywords) {
    const key = k.keyword.toLocaleLowerCase();
    if (!key) throw badRequest('channel.keyword_required');
    if (seen.has(key))
      throw badRequest('channel.keyword_exists', 'Keyword is already exists.', { keyword: k.keyword });
    seen.add(key);
  }
  if (input.businessHoursMode === 'custom' && input.shifts.length === 0)
    throw badRequest('channel.shift_required');
  const teamIds = [
    ...new Set(
      [input.assignedTeamId, input.reservedTeamId, ...input.keywords.map((k) => k.teamId)].filter(
        (t): t is string => Boolean(t),
      ),
    ),
  ];
  if ((await repo.teamsInOrganization(deps.db.orm, organizationId, teamIds)).length !== teamIds.length)
    throw badRequest('channel.team_not_found');
}

// --- Facebook Login ---------------------------------------------------------------------------------

const loginOf = (deps: Deps) =>
  createMetaLogin({
    loginBaseUrl: deps.config.FACEBOOK_LOGIN_URL,
    graphBaseUrl: deps.config.GRAPH_API_BASE_URL,
    graphVersion: deps.config.GRAPH_API_VERSION,
    appId: deps.config.META_APP_ID,
    appSecret: deps.config.META_APP_SECRET,
    fetch: providerFetch(deps.config.PROVIDER_TIMEOUT_MS),
  });
const callbackUrl = (deps: Deps) => `${deps.config.PUBLIC_URL}/api/v1/channels/meta/callback`;

/** The Facebook Login dialog URL for the caller (state binds the callback to them). */
export async function metaLoginUrl(deps: Deps, auth: AuthContext) {
  const state = await deps.tokens.signState({ userId: auth.userId, organizationId: auth.organizationId });
  return { url: loginOf(deps).dialogUrl(callbackUrl(deps), state) };
}

const SETTINGS_PATH = '/setting/channel';

/**
 * Handles the login redirect and answers where the browser goes: back to channel settings with the
 * connection (its pages kept, tokens sealed, for 30 minutes), or with `facebookLogin=cancelled|failed`.
 */
export async function completeMetaLogin(
  deps: Deps,
  query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
) {
  const failed = (outcome: 'cancelled' | 'failed') => `${SETTINGS_PATH}?facebookLogin=${outcome}`;
  // The admin pressed Cancel (or refused a permission): Facebook sends error=access_denied and no code.
  if (query.error === 'access_denied') return failed('cancelled');
  if (query.error || !query.code || !query.state) return failed('failed');
  const claims = await deps.tokens.verifyState(query.state).catch(() => null);
  if (!claims) return failed('failed');
  let pages: ConnectablePage[];
  try {
    pages = await loginOf(deps).pagesFor(query.code, callbackUrl(deps));
  } catch (err) {
    deps.logger.warn({ err }, 'Facebook Login did not complete');
    return failed('failed');
  }
  const id = await repo.insertMetaConnection(deps.db.orm, {
    organizationId: String(claims.organizationId),
    userId: String(claims.userId),
    pages: pages.map((p) => ({
      id: p.id,
      name: p.name,
      instagramAccountId: p.instagramAccountId,
      tokenEncrypted: deps.cipher.encrypt(p.accessToken),
    })),
    expiresAt: new Date(deps.clock.now().getTime() + CONNECTION_TTL_MS),
  });
  return `${SETTINGS_PATH}?connection=${id}`;
}

type StoredPage = Omit<ConnectablePage, 'accessToken'> & { tokenEncrypted: string };

export async function getMetaConnection(deps: Deps, auth: AuthContext, id: string) {
  const row = await repo.findMetaConnection(deps.db.orm, auth.organizationId, id, deps.clock.now());
  if (!row) throw notFound('channel.connection_expired');
  return {
    id: row.id,
    pages: (row.pages as StoredPage[]).map(({ id: pageId, name, instagramAccountId }) => ({
      id: pageId,
      name,
      instagramAccountId,
    })),
  };
}

async function pageCredentials(
  deps: Deps,
  auth: AuthContext,
  input: Extract<CreateChannel, { connectionId: string }>,
) {
  const row = await repo.findMetaConnection(
    deps.db.orm,
    auth.organizationId,
    input.connectionId,
    deps.clock.now(),
  );
  if (!row) throw notFound('channel.connection_expired');
  const page = (row.pages as StoredPage[]).find(
    (p) => (input.type === 'facebook' ? p.id : p.instagramAccountId) === input.externalId,
  );
  if (!page) throw badRequest('channel.page_not_in_connection');
  return {
    secret: null,
    accessToken: deps.cipher.decrypt(page.tokenEncrypted),
    pageId: page.id,
    botUserId: null,
  };
}

async function subscribePage(deps: Deps, pageId: string, token: string) {
  await loginOf(deps)
    .subscribePage(pageId, token)
    .catch((err: unknown) => deps.logger.warn({ err, pageId }, 'page webhook subscription failed'));
}

// --- presenting -------------------------------------------------------------------------------------

async function present(
  deps: Deps,
  rows: repo.ChannelRow[],
  organizationId: string,
  ex: Executor = deps.db.orm,
): Promise<Channel[]> {
  const { keywords, shifts, holidays } = await repo.childrenOf(
    ex,
    rows.map((r) => r.id),
  );
  const today = localTime(deps.clock.now(), await organizationTimeZone(deps.db.orm, organizationId)).date;
  const deadLetters = await countDeadLetters(
    ex,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    name: r.name,
    externalId: r.externalId,
    pageId: r.pageId,
    webhookUrl:
      r.type === 'line'
        ? `${deps.config.PUBLIC_URL}/webhooks/line/${r.externalId}`
        : `${deps.config.PUBLIC_URL}/webhooks/meta`,
    assignedMode: r.assignedMode,
    assignedTeamId: r.assignedTeamId,
    reservedTeamId: r.reservedTeamId,
    keywords: keywords
      .filter((k) => k.channelId === r.id)
      .map((k) => ({ id: k.id, keyword: k.keyword, teamId: k.teamId })),
    businessHoursMode: r.businessHoursMode,
    shifts: shifts
      .filter((s) => s.channelId === r.id)
      .map((s) => ({ weekday: s.weekday, startsAt: s.startsAt.slice(0, 5), endsAt: s.endsAt.slice(0, 5) })),
    offServiceResponse: r.offServiceResponse,
    sendAgentIdentity: r.sendAgentIdentity,
    answerInGroups: r.answerInGroups,
    markReadOnOpen: r.markReadOnOpen,
    holidays: holidays
      .filter((h) => h.channelId === r.id)
      .map((h) => ({
        id: h.id,
        name: h.name,
        date: h.date,
        autoResponseMessage: h.autoResponseMessage,
        canRemove: canRemoveHoliday(h.date, today),
      })),
    hasSecret: r.secretEncrypted !== null,
    hasAccessToken: r.accessTokenEncrypted !== null,
    takenOverAt: r.takenOverAt?.toISOString() ?? null,
    unreadableDeliveries: deadLetters.get(r.id) ?? 0,
    createdAt: r.createdAt.toISOString(),
  }));
}
