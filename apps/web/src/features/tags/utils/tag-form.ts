// The tag form's values, its rules mirrored from the server (name, colour and team required)
// and where a refused save shows its reason.
import { isTagColour } from '@sabai/domain';
import type { SaveTag, Tag } from '@sabai/contracts';
import type { TranslationKey } from '@sabai/i18n';
import { ApiError } from '../../../lib/api-client';

export type TagFormValues = { name: string; colour: string; teamId: string | undefined };

export const NAME_MAX = 50;
export const DEFAULT_COLOUR = '#1677ff';

export function toFormValues(tag: Tag | null): TagFormValues {
  return tag
    ? { name: tag.name, colour: tag.colour, teamId: tag.team?.id }
    : { name: '', colour: DEFAULT_COLOUR, teamId: undefined };
}

export function toRequest(values: TagFormValues): SaveTag {
  return { name: values.name.trim(), colour: values.colour.toLowerCase(), teamId: values.teamId ?? '' };
}

/** Whether a value is a colour the server takes. */
export function isValidColour(value: unknown): boolean {
  return typeof value === 'string' && isTagColour(value);
}

export type TagField = keyof TagFormValues;
export type TagFeedback = { field: TagField | null; message: TranslationKey };

const FIELDS: Record<string, TagField> = { name: 'name', colour: 'colour', teamId: 'teamId' };

/** Maps a failed save onto a field of the form, or the form as a whole. */
export function tagSaveFeedback(error: unknown): TagFeedback[] {
  if (!(error instanceof ApiError)) return [{ field: null, message: 'errors.unknown' }];
  switch (error.code) {
    case 'tag.name_exists':
      return [{ field: 'name', message: 'errors.tag.name_exists' }];
    case 'team.not_found':
      return [{ field: 'teamId', message: 'errors.team.not_found' }];
    case 'tag.not_found':
      return [{ field: null, message: 'errors.tag.not_found' }];
    case 'validation.failed': {
      const details = Array.isArray(error.details) ? (error.details as unknown[]) : [];
      const fields = details.flatMap((detail): TagFeedback[] => {
        const path = (detail as { path?: unknown } | null)?.path;
        const field = typeof path === 'string' ? FIELDS[path.split('/').filter(Boolean)[0] ?? ''] : undefined;
        return field ? [{ field, message: 'errors.validation.failed' }] : [];
      });
      return fields.length > 0 ? fields : [{ field: null, message: 'errors.validation.failed' }];
    }
    default:
      return [{ field: null, message: 'common.error.update' }];
  }
}
