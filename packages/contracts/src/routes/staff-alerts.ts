import { LineLinkSchema } from '../me';
import { defineRoutes } from './route';

const tag = 'me';
const signedIn = { signedIn: true } as const;

export const staffAlertRoutes = defineRoutes({
  createLineLink: {
    method: 'POST',
    path: '/me/line-link',
    tag,
    responses: { 201: LineLinkSchema },
    access: signedIn,
  },
  deleteLineLink: { method: 'DELETE', path: '/me/line-link', tag, responses: {}, access: signedIn },
});
