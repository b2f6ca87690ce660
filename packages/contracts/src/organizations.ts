import { z } from 'zod';
import { FILE_LINK_DAYS } from '@sabai/domain';

export const OrganizationSchema = z.object({ id: z.string(), name: z.string() });
export type Organization = z.infer<typeof OrganizationSchema>;
export const OrganizationListSchema = z.array(OrganizationSchema);
export const SwitchOrganizationRequestSchema = z.object({ refreshToken: z.string().min(1).max(200) });

/** The organisation's own settings (GET and PUT /organization/settings). */
export const OrganizationSettingsSchema = z.object({
  /** Days a link to a file sent to a customer stays valid (docs/decisions/files.md "Files"). */
  fileLinkExpiryDays: z.number().int().min(FILE_LINK_DAYS.min).max(FILE_LINK_DAYS.max),
});
export type OrganizationSettings = z.infer<typeof OrganizationSettingsSchema>;
