import {
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  LogoutDeviceRequestSchema,
  RefreshRequestSchema,
  ResetPasswordRequestSchema,
  TokenPairSchema,
} from '../auth';
import { OrganizationListSchema, SwitchOrganizationRequestSchema } from '../organizations';
import { defineRoutes } from './route';
import { UuidParams } from './params';

const tag = 'auth';

export const authRoutes = defineRoutes({
  login: {
    method: 'POST',
    path: '/auth/login',
    tag,
    body: LoginRequestSchema,
    responses: { 200: LoginResponseSchema },
    access: { public: true },
  },
  refreshToken: {
    method: 'POST',
    path: '/auth/refresh-token',
    tag,
    body: RefreshRequestSchema,
    responses: { 200: TokenPairSchema },
    access: { public: true },
  },
  logout: {
    method: 'POST',
    path: '/auth/logout',
    tag,
    body: RefreshRequestSchema,
    responses: {},
    access: { public: true },
  },
  logoutDevice: {
    method: 'POST',
    path: '/auth/logout-device',
    tag,
    body: LogoutDeviceRequestSchema,
    responses: {},
    access: { signedIn: true },
  },
  forgotPassword: {
    method: 'POST',
    path: '/auth/forgot-password',
    tag,
    body: ForgotPasswordRequestSchema,
    responses: {},
    access: { public: true },
  },
  resetPassword: {
    method: 'POST',
    path: '/auth/reset-password',
    tag,
    body: ResetPasswordRequestSchema,
    responses: {},
    access: { public: true },
  },
  organizations: {
    method: 'GET',
    path: '/organization',
    tag,
    responses: { 200: OrganizationListSchema },
    access: { signedIn: true },
  },
  switchOrganization: {
    method: 'PUT',
    path: '/super-admin/:id',
    tag,
    params: UuidParams,
    body: SwitchOrganizationRequestSchema,
    responses: { 200: TokenPairSchema },
    access: { signedIn: true },
  },
});
