// When a provider event happened, as the product records it (docs/decisions/channels.md "Provider timestamps"): the
// provider's own time, unless it is implausible — more than a few minutes ahead of when we received it, or
// before the channel was connected (a 1970 or a wrong-clock timestamp) — then the time we received it.
// Chat order does not depend on it: messages are listed by their id, the order they were stored in.
import type { InboundEvent } from '../../channels';

/** How far ahead of our clock a provider's clock may run. */
export const PROVIDER_CLOCK_TOLERANCE_MS = 5 * 60_000;

export function boundedProviderTime(at: Date, receivedAt: Date, channelCreatedAt: Date): Date {
  const t = at.getTime();
  if (Number.isNaN(t) || t > receivedAt.getTime() + PROVIDER_CLOCK_TOLERANCE_MS) return receivedAt;
  if (t < channelCreatedAt.getTime()) return receivedAt;
  return at;
}

/** The event with its time bounded. */
export function withBoundedTime<E extends InboundEvent>(
  event: E,
  receivedAt: Date,
  channelCreatedAt: Date,
): E {
  const timestamp = boundedProviderTime(event.timestamp, receivedAt, channelCreatedAt);
  return timestamp === event.timestamp ? event : { ...event, timestamp };
}
