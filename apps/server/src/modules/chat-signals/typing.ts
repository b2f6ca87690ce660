// The customer sees that an agent is typing a reply: LINE's loading animation, Messenger/Instagram
// typing_on. Started from the agent's typing presence (sent at most every few seconds while they type), at
// most once per RENEW_MS per issue; LINE's animation then ends by itself, Meta's gets typing_off once the
// agent has been quiet for QUIET_MS. Nothing is started after the agent stops: only their presence starts it.
import { metaMessagingType } from '../../channels';
import type { Deps } from '../../deps';
import { credentialsOf } from '../channels';
import * as repo from './chat-signals.repo';

/** A little under LINE's shortest animation (5 s), so that it runs on while the agent types. */
const RENEW_MS = 4_000;
/** The agent's typing presence comes every 3 s while they type: quiet for longer means they stopped. */
const QUIET_MS = 6_000;

export type TypingSignals = { agentTyping(issueId: number): void; stop(): void };

export function createTypingSignals(deps: Deps): TypingSignals {
  const startedAt = new Map<number, number>();
  const quietTimers = new Map<number, NodeJS.Timeout>();

  const signal = async (issueId: number, typing: boolean) => {
    const target = await repo.findChatTarget(deps.db.orm, issueId);
    if (!target?.channel.isActive || target.inStandby) return;
    // Meta allows sender actions inside the customer's 24-hour window only.
    if (
      target.channel.type !== 'line' &&
      metaMessagingType(target.lastInboundAt, deps.clock.now()) !== 'RESPONSE'
    )
      return;
    await deps.channels
      .get(target.channel.type)
      .showTyping(credentialsOf(deps, target.channel), target.recipient, typing);
  };
  const report = (issueId: number) => (err: unknown) =>
    deps.logger.warn(
      { issueId, err: err instanceof Error ? err.message : String(err) },
      'typing signal failed',
    );

  return {
    agentTyping(issueId) {
      const now = Date.now();
      clearTimeout(quietTimers.get(issueId));
      quietTimers.set(
        issueId,
        setTimeout(() => {
          quietTimers.delete(issueId);
          startedAt.delete(issueId);
          void signal(issueId, false).catch(report(issueId));
        }, QUIET_MS).unref(),
      );
      if (now - (startedAt.get(issueId) ?? 0) < RENEW_MS) return;
      startedAt.set(issueId, now);
      void signal(issueId, true).catch(report(issueId));
    },
    stop() {
      for (const timer of quietTimers.values()) clearTimeout(timer);
      quietTimers.clear();
    },
  };
}
