// The service level policy form's values, its rules mirrored from the server (SaveSlaPolicySchema: a name,
// at least one target, each from 1 minute to 365 days) and where a refused save shows its reason.
import { SaveSlaPolicySchema, type SaveSlaPolicy, type SlaPolicy } from '@sabai/contracts';
import type { TranslationKey } from '@sabai/i18n';
import { ApiError } from '../../../lib/api-client';

/** The team and channel selects' "any" choice (null in the request). */
export const ANY = '';

export const TARGET_FIELDS = ['firstResponseMinutes', 'nextResponseMinutes', 'resolutionMinutes'] as const;
export type TargetField = (typeof TARGET_FIELDS)[number];

export const NAME_MAX = SaveSlaPolicySchema.shape.name.maxLength ?? 100;
/** 365 days, in minutes. */
export const TARGET_MAX_MINUTES = SaveSlaPolicySchema.shape.firstResponseMinutes.unwrap().maxValue ?? 525_600;

export type SlaFormValues = {
  name: string;
  teamId: string;
  channelId: string;
  businessHours: boolean;
  isActive: boolean;
} & Record<TargetField, number | null>;

export function toFormValues(policy: SlaPolicy | null): SlaFormValues {
  if (!policy)
    return {
      name: '',
      teamId: ANY,
      channelId: ANY,
      firstResponseMinutes: null,
      nextResponseMinutes: null,
      resolutionMinutes: null,
      businessHours: true,
      isActive: true,
    };
  return {
    name: policy.name,
    teamId: policy.teamId ?? ANY,
    channelId: policy.channelId ?? ANY,
    firstResponseMinutes: policy.firstResponseMinutes,
    nextResponseMinutes: policy.nextResponseMinutes,
    resolutionMinutes: policy.resolutionMinutes,
    businessHours: policy.businessHours,
    isActive: policy.isActive,
  };
}

export function toRequest(values: SlaFormValues): SaveSlaPolicy {
  return {
    name: values.name.trim(),
    teamId: values.teamId || null,
    channelId: values.channelId || null,
    firstResponseMinutes: values.firstResponseMinutes ?? null,
    nextResponseMinutes: values.nextResponseMinutes ?? null,
    resolutionMinutes: values.resolutionMinutes ?? null,
    businessHours: values.businessHours,
    isActive: values.isActive,
  };
}

/** The same policy switched on or off (the list's switch saves the whole policy). */
export const withActive = (policy: SlaPolicy, isActive: boolean): SaveSlaPolicy => ({
  ...toRequest(toFormValues(policy)),
  isActive,
});

/** Whether a target the user typed is out of range (an empty one is no target). */
export const isTargetOutOfRange = (minutes: number | null | undefined): boolean =>
  minutes !== null && minutes !== undefined && (minutes < 1 || minutes > TARGET_MAX_MINUTES);

export const hasAnyTarget = (targets: ReadonlyArray<number | null | undefined>): boolean =>
  targets.some((minutes) => minutes !== null && minutes !== undefined);

export type SlaFeedback = { field: keyof SlaFormValues | null; message: TranslationKey };

const FIELDS: Record<string, keyof SlaFormValues> = {
  name: 'name',
  teamId: 'teamId',
  channelId: 'channelId',
  firstResponseMinutes: 'firstResponseMinutes',
  nextResponseMinutes: 'nextResponseMinutes',
  resolutionMinutes: 'resolutionMinutes',
};

/** Maps a failed save onto a field of the form, or the form as a whole. */
export function slaSaveFeedback(error: unknown): SlaFeedback[] {
  if (!(error instanceof ApiError)) return [{ field: null, message: 'errors.unknown' }];
  switch (error.code) {
    case 'team.not_found':
      return [{ field: 'teamId', message: 'errors.team.not_found' }];
    case 'channel.not_found':
      return [{ field: 'channelId', message: 'errors.channel.not_found' }];
    case 'validation.failed': {
      const details = Array.isArray(error.details) ? (error.details as unknown[]) : [];
      const fields = details.flatMap((detail): SlaFeedback[] => {
        const path = (detail as { path?: unknown } | null)?.path;
        const field = typeof path === 'string' ? FIELDS[path.split('/').filter(Boolean)[0] ?? ''] : undefined;
        return field ? [{ field, message: 'errors.validation.failed' }] : [];
      });
      return fields.length > 0 ? fields : [{ field: null, message: 'errors.validation.failed' }];
    }
    // Another policy has this team and channel pair: said of the form, as it is about two fields.
    case 'sla.duplicate_scope':
      return [{ field: null, message: 'errors.sla.duplicate_scope' }];
    case 'sla.not_found':
      return [{ field: null, message: 'errors.sla.not_found' }];
    default:
      return [{ field: null, message: 'common.error.update' }];
  }
}
