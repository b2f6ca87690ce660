import { z } from 'zod';

export const OrganizationSchema = z.object({ id: z.string(), name: z.string() });
export type Organization = z.infer<typeof OrganizationSchema>;
export const OrganizationListSchema = z.array(OrganizationSchema);
export const SwitchOrganizationRequestSchema = z.object({ refreshToken: z.string().min(1).max(200) });
