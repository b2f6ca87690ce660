import { z } from 'zod';

export const RoleEntrySchema = z.object({ menu: z.string(), subdetail: z.string() });

export const MeSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  displayName: z.string(),
  profilePath: z.string().nullable(),
  roleName: z.enum(['SuperAdmin', 'Admin', 'Manager', 'Staff']),
  roles: z.array(z.string()),
  organization: z.object({ id: z.string(), name: z.string() }),
  permissions: z.array(RoleEntrySchema),
});
export type Me = z.infer<typeof MeSchema>;

const Name = z.string().trim().min(1).max(100);

export const UpdateProfileRequestSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1)
    .max(60)
    .regex(/^[\p{L}\p{N}._-]+$/u, 'letters, digits, dot, dash and underscore only'),
  firstName: Name,
  lastName: Name,
});
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequestSchema>;

export const ChangePasswordRequestSchema = z.object({
  currentPassword: z.string().min(1).max(200),
  newPassword: z.string().min(1).max(200),
});

export const NotificationSettingsSchema = z.object({
  web: z.boolean(),
  sound: z.boolean(),
  line: z.boolean(),
  lineLinked: z.boolean(),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;
export const UpdateNotificationSettingsSchema = NotificationSettingsSchema.omit({ lineLinked: true });
