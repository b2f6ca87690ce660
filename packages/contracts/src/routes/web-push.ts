import { DeviceTokenSchema, PushPublicKeySchema, RegisterDeviceSchema } from '../me';
import { defineRoutes } from './route';

const tag = 'me';
const signedIn = { signedIn: true } as const;

export const webPushRoutes = defineRoutes({
  publicKey: {
    method: 'GET',
    path: '/web-push/public-key',
    tag,
    responses: { 200: PushPublicKeySchema },
    access: signedIn,
  },
  registerDevice: {
    method: 'POST',
    path: '/me/devices',
    tag,
    body: RegisterDeviceSchema,
    responses: { 201: DeviceTokenSchema },
    access: signedIn,
  },
});
