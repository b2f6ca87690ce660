// When a failed delivery is tried again (docs/decisions/administration-and-integrations.md "Outgoing webhooks"): the gaps double from one
// minute (1, 2, 4, … 512 minutes after the previous attempt), and the last try comes 24 hours after the first
// attempt of the series; after it the delivery has failed. Counted from the series' start, not from the
// previous attempt, so a late attempt (a worker was down) does not push the whole schedule back.
const MINUTE = 60_000;

/** How long a delivery is retried. */
export const RETRY_WINDOW_MS = 24 * 60 * MINUTE;

/** Each retry's time after the first attempt of its series: 1, 3, 7, … 1023 minutes, then 24 hours. */
export const RETRY_OFFSETS_MS: readonly number[] = [
  ...Array.from({ length: 10 }, (_, i) => (2 ** (i + 1) - 1) * MINUTE),
  RETRY_WINDOW_MS,
];

/** When to try again after a failure at `now` of a series started at `since`; null once it is over. */
export function nextAttemptAt(since: Date, now: Date): Date | null {
  const elapsed = now.getTime() - since.getTime();
  const offset = RETRY_OFFSETS_MS.find((o) => o > elapsed);
  return offset === undefined ? null : new Date(since.getTime() + offset);
}
