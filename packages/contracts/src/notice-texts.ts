// The texts the server writes into notifications. A notification keeps one plain `content` per recipient
// (the live push message carries it as is), written in English; the client shows it in the reader's
// language by recognising these texts (as it already does for the Thai closed-issue notice).
// Builders and patterns live side by side so the two ends cannot drift apart.

import type { SlaTarget } from '@sabai/domain';

/** How the English notices name each SLA target (the patterns below read them back). */
export const SLA_TARGET_WORDS: Record<SlaTarget, string> = {
  firstResponse: 'first response',
  nextResponse: 'next response',
  resolution: 'resolution',
};

export const NOTICE_TEXTS = {
  newIssue: (issueId: number, from: string) => `New issue #${issueId} from ${from}`,
  newMessage: (issueId: number, text: string) => `New message on issue #${issueId}: ${text}`,
  assigned: (issueId: number) => `Issue #${issueId} was assigned to you`,
  assignedFrom: (issueId: number, channel: string) => `Issue #${issueId} from ${channel} was assigned to you`,
  closeRequested: (issueId: number) => `Please close issue #${issueId}`,
  closed: (issueId: number) => `Issue #${issueId} was closed`,
  timeOffRequested: (name: string, team: string, period: string, reason: string | null) =>
    `${name} (${team}) requests time off ${period}${reason ? `: ${reason}` : ''}`,
  timeOffDecided: (period: string, decision: 'approved' | 'declined') =>
    `Your time off ${period} was ${decision}`,
  channelTakenOver: (channel: string) => `Channel ${channel} was taken over by another organisation`,
  lineQuotaWarning: (channel: string, percent: number, used: number, limit: number) =>
    `LINE channel ${channel} has used ${percent}% of this month's message quota (${used} of ${limit})`,
  lineQuotaReached: (channel: string, used: number, limit: number) =>
    `LINE channel ${channel} has used all of this month's message quota (${used} of ${limit}): LINE refuses pushes until next month`,
  slaWarning: (issueId: number, target: SlaTarget) =>
    `Issue #${issueId}: 80% of the ${SLA_TARGET_WORDS[target]} time has passed`,
  slaBreached: (issueId: number, target: SlaTarget) =>
    `Issue #${issueId} missed its ${SLA_TARGET_WORDS[target]} time`,
  webhookDisabled: (url: string) => `Webhook endpoint ${url} was disabled after failing for 24 hours`,
} as const;

export type NoticeKind = keyof typeof NOTICE_TEXTS;

const PERIOD = String.raw`\d\d/\d\d/\d{4} \d\d:\d\d – \d\d/\d\d/\d{4} \d\d:\d\d`;

const PATTERNS: Record<NoticeKind, RegExp> = {
  newIssue: /^New issue #(?<id>\d+) from (?<from>.*)$/s,
  newMessage: /^New message on issue #(?<id>\d+): (?<text>.*)$/s,
  assigned: /^Issue #(?<id>\d+) was assigned to you$/,
  assignedFrom: /^Issue #(?<id>\d+) from (?<channel>.*) was assigned to you$/s,
  closeRequested: /^Please close issue #(?<id>\d+)$/,
  closed: /^Issue #(?<id>\d+) was closed$/,
  timeOffRequested: new RegExp(
    String.raw`^(?<name>.+) \((?<team>.+)\) requests time off (?<period>${PERIOD})(?:: (?<reason>.*))?$`,
    's',
  ),
  timeOffDecided: new RegExp(
    String.raw`^Your time off (?<period>${PERIOD}) was (?<decision>approved|declined)$`,
  ),
  channelTakenOver: /^Channel (?<channel>.*) was taken over by another organisation$/s,
  lineQuotaWarning:
    /^LINE channel (?<channel>.*) has used (?<percent>\d+)% of this month's message quota \((?<used>\d+) of (?<limit>\d+)\)$/s,
  lineQuotaReached:
    /^LINE channel (?<channel>.*) has used all of this month's message quota \((?<used>\d+) of (?<limit>\d+)\): LINE refuses pushes until next month$/s,
  slaWarning:
    /^Issue #(?<id>\d+): 80% of the (?<target>first response|next response|resolution) time has passed$/,
  slaBreached: /^Issue #(?<id>\d+) missed its (?<target>first response|next response|resolution) time$/,
  webhookDisabled: /^Webhook endpoint (?<url>.*) was disabled after failing for 24 hours$/s,
};

export type ParsedNotice = { kind: NoticeKind; values: Record<string, string> };

/** Which server text a notification's content is, with its values; null for any other text. */
export function parseNotice(content: string): ParsedNotice | null {
  for (const kind of Object.keys(PATTERNS) as NoticeKind[]) {
    const match = PATTERNS[kind].exec(content);
    if (match) {
      const values = Object.fromEntries(
        Object.entries(match.groups ?? {}).map(([key, value]) => [key, value ?? '']),
      );
      return { kind, values };
    }
  }
  return null;
}
