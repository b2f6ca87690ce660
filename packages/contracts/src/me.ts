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
  /** The Thai politeness particle AI assist writes with for this agent: ค่ะ (ka) or ครับ (krap). */
  politeParticle: z.enum(['ka', 'krap']).nullable(),
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
  /** Left as it is when absent; null clears it. */
  politeParticle: z.enum(['ka', 'krap']).nullable().optional(),
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

/** A one-time code to send to one of the organisation's LINE accounts, linking the caller's LINE for alerts. */
export const LineLinkSchema = z.object({
  code: z.string(),
  expiresAt: z.string(),
  /** Names of the LINE Official Accounts the code may be sent to. */
  channels: z.array(z.string()),
});
export type LineLink = z.infer<typeof LineLinkSchema>;

/** The installation's VAPID public key (base64url), for PushManager.subscribe. */
export const PushPublicKeySchema = z.object({ publicKey: z.string() });

/** A browser's push subscription (PushSubscription.toJSON()), registered as a device token. */
export const RegisterDeviceSchema = z.object({
  subscription: z.object({
    endpoint: z.url({ protocol: /^https?$/ }).max(2000),
    keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
  }),
});
export type RegisterDevice = z.infer<typeof RegisterDeviceSchema>;
export const DeviceTokenSchema = z.object({ deviceToken: z.string() });
