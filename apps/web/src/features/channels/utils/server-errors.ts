// Where a refused save shows its reason: server error codes (and validation details) onto the form's
// fields, the rest as a notice. The takeover question is asked before this (channel-form.tsx).
import type { NamePath } from 'antd/es/form/interface';
import type { TranslationKey } from '@sabai/i18n';
import { ApiError } from '../../../lib/api-client';
import { duplicateKeywordRows } from './channel-form';
import type { ChannelFormValues } from './channel-form';

export type FieldName = NamePath<ChannelFormValues>;
export type FieldFeedback = { name: FieldName; message: TranslationKey };

export type SaveFeedback = {
  fields: FieldFeedback[];
  /** A message for the whole form (shown above it), or null when the fields say it all. */
  message: TranslationKey | null;
  /** The Facebook Login connection is gone: offer to sign in again. */
  isConnectionExpired: boolean;
};

const FORM_FIELDS = new Set([
  'name',
  'externalId',
  'secret',
  'accessToken',
  'assignedMode',
  'assignedTeamId',
  'reservedTeamId',
  'keywords',
  'businessHoursMode',
  'shifts',
  'offServiceResponse',
  'holidays',
]);

/** '/keywords/0/keyword' → ['keywords', 0, 'keyword'], when it names a field of the form. */
export function fieldOfPath(path: string): FieldName | null {
  const parts = path
    .split('/')
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  const [first] = parts;
  // The server validated the same fields the form has, so a path under a known field names one of them.
  return typeof first === 'string' && FORM_FIELDS.has(first) ? (parts as FieldName) : null;
}

function validationFields(details: unknown): FieldFeedback[] {
  if (!Array.isArray(details)) return [];
  return details.flatMap((detail: unknown) => {
    const path = (detail as { path?: unknown } | null)?.path;
    const name = typeof path === 'string' ? fieldOfPath(path) : null;
    return name ? [{ name, message: 'channels.form.invalidField' as const }] : [];
  });
}

function duplicateKeywordFields(values: ChannelFormValues, details: unknown): FieldFeedback[] {
  const keyword = (details as { keyword?: unknown } | null)?.keyword;
  const wanted = typeof keyword === 'string' ? keyword.trim().toLocaleLowerCase() : null;
  const rows = duplicateKeywordRows(values.keywords).filter(
    (index) =>
      wanted === null || (values.keywords[index]?.keyword ?? '').trim().toLocaleLowerCase() === wanted,
  );
  if (rows.length === 0) return [{ name: ['keywords'], message: 'errors.channel.keyword_exists' }];
  return rows.map((index) => ({
    name: ['keywords', index, 'keyword'],
    message: 'errors.channel.keyword_exists',
  }));
}

/** Maps a failed create or update onto the form. */
export function saveFeedback(error: unknown, values: ChannelFormValues): SaveFeedback {
  const none: SaveFeedback = { fields: [], message: null, isConnectionExpired: false };
  if (!(error instanceof ApiError)) return { ...none, message: 'errors.unknown' };
  const onField = (name: FieldName, message: TranslationKey): SaveFeedback => ({
    ...none,
    fields: [{ name, message }],
  });
  switch (error.code) {
    case 'validation.failed': {
      const fields = validationFields(error.details);
      return { ...none, fields, message: 'errors.validation.failed' };
    }
    case 'channel.keyword_required':
      return onField(['keywords'], 'errors.channel.keyword_required');
    case 'channel.keyword_exists':
      return { ...none, fields: duplicateKeywordFields(values, error.details) };
    case 'channel.shift_required':
      return onField(['shifts'], 'errors.channel.shift_required');
    case 'channel.team_not_found':
      return {
        ...onField(['assignedTeamId'], 'errors.channel.team_not_found'),
        message: 'errors.channel.team_not_found',
      };
    case 'channel.duplicate':
      return onField(['externalId'], 'errors.channel.duplicate');
    case 'channel.page_not_in_connection':
      return onField(['externalId'], 'errors.channel.page_not_in_connection');
    case 'channel.holiday_cannot_remove':
      return { ...onField(['holidays'], 'errors.channel.holiday_cannot_remove') };
    case 'channel.connection_expired':
      return { ...none, message: 'errors.channel.connection_expired', isConnectionExpired: true };
    case 'channel.plan_limit':
      return { ...none, message: 'errors.channel.plan_limit' };
    case 'channel.not_verified':
      // One message for the three values LINE checked together: it cannot say which one is wrong.
      return { ...none, message: 'errors.channel.not_verified' };
    case 'channel.provider_unavailable':
      return { ...none, message: 'errors.channel.provider_unavailable' };
    default:
      return { ...none, message: null };
  }
}
