// A notification's content in the reader's language. The server writes its texts in English (NOTICE_TEXTS
// in @sabai/contracts); a Thai reader gets each one recognised and translated, the closed-issue notice with
// the number inserted at character 6. Anything unrecognised is shown as it came.
import { parseNotice, SLA_TARGET_WORDS } from '@sabai/contracts';
import { SLA_TARGETS, type SlaTarget } from '@sabai/domain';
import type { TranslationKey } from '@sabai/i18n';
import { insertIssueNumber } from '../../lib/live-socket';

type Translate = (key: TranslationKey, values?: Record<string, string>) => string;

/** The service level notices name their target in the reader's words. */
const TARGET_WORDS: Record<SlaTarget, TranslationKey> = {
  firstResponse: 'notifications.slaTarget.firstResponse',
  nextResponse: 'notifications.slaTarget.nextResponse',
  resolution: 'notifications.slaTarget.resolution',
};

export function localNotice(content: string, language: string, t: Translate): string {
  if (language !== 'th') return content;
  const notice = parseNotice(content);
  if (!notice) return content;
  const values = notice.values;
  switch (notice.kind) {
    case 'closed':
      return insertIssueNumber(t('notifications.issueClosed'), Number(values.id));
    case 'timeOffRequested':
      return `${t('notifications.text.timeOffRequested', values)}${values.reason ? `: ${values.reason}` : ''}`;
    case 'slaWarning':
    case 'slaBreached': {
      const target = SLA_TARGETS.find((k) => SLA_TARGET_WORDS[k] === values.target);
      return t(`notifications.text.${notice.kind}`, {
        ...values,
        target: target ? t(TARGET_WORDS[target]) : (values.target ?? ''),
      });
    }
    case 'timeOffDecided':
      return values.decision === 'approved'
        ? t('notifications.text.timeOffApproved', values)
        : t('notifications.text.timeOffDeclined', values);
    default:
      return t(`notifications.text.${notice.kind}`, values);
  }
}
