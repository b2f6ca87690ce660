// Concise, friendly one-line summaries for the CLI.
import type { DeliveryRecord } from '../core/records';

/** "webhook 200 in 12 ms" or why it failed, with a hint. */
export function describeDelivery(delivery: DeliveryRecord): string {
  const retrying = delivery.pending ? ' (retrying)' : '';
  const tries = delivery.attempts > 1 ? ` after ${delivery.attempts} attempts` : '';
  switch (delivery.outcome) {
    case 'ok':
      return `webhook ${delivery.status ?? ''} in ${delivery.latencyMs} ms${tries}`;
    case 'error_status_code':
      return `webhook answered ${delivery.status ?? '?'}${tries}${retrying}`;
    case 'request_timeout':
      return `webhook timed out${tries}${retrying}`;
    case 'could_not_connect':
      return `could not connect to ${delivery.url ?? '?'}${retrying} — is the server running?`;
    case 'no_webhook_url':
      return 'no webhook URL configured';
  }
}

/** ✓ or ✗ for a delivery. */
export function mark(delivery: DeliveryRecord): string {
  return delivery.ok ? '✓' : '✗';
}

/** Shortens long texts for one-line output. */
export function quote(text: string, max = 60): string {
  return `"${text.length > max ? `${text.slice(0, max - 1)}…` : text}"`;
}

/** Parses `90s`, `25h`, `8d`, `15m` or plain milliseconds. */
export function parseDuration(value: string): number | null {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)?$/.exec(value.trim());
  if (!match) return null;
  const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
  return Math.round(Number(match[1]) * (units[match[2] ?? 'ms'] ?? 1));
}
