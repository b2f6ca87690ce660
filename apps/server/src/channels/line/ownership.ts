// Proof that whoever connects a LINE channel controls it, asked of LINE before anything is
// stored: the secret must be the channel id's (LINE issues a stateless channel access token only for the
// right id and secret pair), and the pasted token must speak for the same bot as that stateless token
// (`GET /v2/bot/info` with each). A bot belongs to one channel, so the same bot proves the token is the
// channel's. The bot info call answers every kind of token LINE issues (long-lived from the console,
// short-lived, v2.1, stateless), where each verify endpoint knows only some kinds. The stateless token lives
// 15 minutes, is never stored and does not count against the channel's token limit, so the check revokes
// nothing of the real owner's.
import { HTTPFetchError, channelAccessToken, messagingApi } from '@line/bot-sdk';

export type LineOwnershipOptions = { apiBaseUrl: string; timeoutMs: number };

export type LineChannelClaim = { channelId: string; secret: string; accessToken: string };

/** `proven` with the bot's user id, or `refused` (LINE did not confirm the claim). */
export type LineOwnership = { status: 'proven'; botUserId: string } | { status: 'refused' };

/** LINE could not be asked (network, timeout, 5xx, rate limit): nothing is known either way. */
export class LineUnavailableError extends Error {
  constructor(cause: unknown) {
    super('LINE could not be reached to check the channel', { cause });
    this.name = 'LineUnavailableError';
  }
}

export function createLineOwnershipCheck(opts: LineOwnershipOptions) {
  const tokens = new channelAccessToken.ChannelAccessTokenClient({ baseURL: opts.apiBaseUrl });
  const botOf = async (token: string) =>
    (
      await new messagingApi.MessagingApiClient({
        channelAccessToken: token,
        baseURL: opts.apiBaseUrl,
      }).getBotInfo()
    ).userId;

  async function check(claim: LineChannelClaim): Promise<LineOwnership> {
    const stateless = await tokens.issueStatelessChannelTokenByClientSecret(claim.channelId, claim.secret);
    const [presentedBot, secretBot] = await Promise.all([
      botOf(claim.accessToken),
      botOf(stateless.access_token),
    ]);
    if (!presentedBot || presentedBot !== secretBot) return { status: 'refused' };
    return { status: 'proven', botUserId: presentedBot };
  }

  return {
    /** Asks LINE whether the id, secret and token belong together; throws LineUnavailableError when it can't tell. */
    async prove(claim: LineChannelClaim): Promise<LineOwnership> {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), opts.timeoutMs);
      });
      try {
        return await Promise.race([check(claim), timeout]);
      } catch (err) {
        // A 4xx is LINE's answer (bad token, wrong secret, unknown channel); anything else is no answer.
        if (err instanceof HTTPFetchError && err.status >= 400 && err.status < 500 && err.status !== 429)
          return { status: 'refused' };
        throw new LineUnavailableError(err);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export type LineOwnershipCheck = ReturnType<typeof createLineOwnershipCheck>;
