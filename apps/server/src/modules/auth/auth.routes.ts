import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  LogoutDeviceRequestSchema,
  OrganizationListSchema,
  RefreshRequestSchema,
  ResetPasswordRequestSchema,
  SwitchOrganizationRequestSchema,
  TokenPairSchema,
} from '@sabai/contracts';
import type { Deps } from '../../deps';
import { authOf } from '../../http/access';
import * as service from './auth.service';

const tags = ['auth'];

export async function authRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const loginLimit = { max: deps.config.LOGIN_IP_LIMIT_PER_MINUTE, timeWindow: 60_000 };

  r.post(
    '/auth/login',
    {
      schema: { tags, body: LoginRequestSchema, response: { 200: LoginResponseSchema } },
      config: { access: { public: true }, rateLimit: loginLimit },
    },
    async (req) => service.login(deps, req.body, req.ip),
  );

  r.post(
    '/auth/refresh-token',
    {
      schema: { tags, body: RefreshRequestSchema, response: { 200: TokenPairSchema } },
      config: { access: { public: true } },
    },
    async (req) => service.refresh(deps, req.body.refreshToken),
  );

  r.post(
    '/auth/logout',
    { schema: { tags, body: RefreshRequestSchema }, config: { access: { public: true } } },
    async (req, reply) => {
      await service.logout(deps, req.body.refreshToken);
      return reply.status(204).send();
    },
  );

  r.post(
    '/auth/logout-device',
    { schema: { tags, body: LogoutDeviceRequestSchema }, config: { access: { signedIn: true } } },
    async (req, reply) => {
      await service.unregisterDevice(deps, authOf(req), req.body.deviceToken);
      return reply.status(204).send();
    },
  );

  r.post(
    '/auth/forgot-password',
    {
      schema: { tags, body: ForgotPasswordRequestSchema },
      config: { access: { public: true }, rateLimit: loginLimit },
    },
    async (req, reply) => {
      await service.requestPasswordReset(deps, req.body.email, req.body.lang);
      return reply.status(204).send();
    },
  );

  r.post(
    '/auth/reset-password',
    {
      schema: { tags, body: ResetPasswordRequestSchema },
      config: { access: { public: true }, rateLimit: loginLimit },
    },
    async (req, reply) => {
      await service.resetPassword(deps, req.body.token, req.body.password);
      return reply.status(204).send();
    },
  );

  r.get(
    '/organization',
    { schema: { tags, response: { 200: OrganizationListSchema } }, config: { access: { signedIn: true } } },
    async (req) => service.listOrganizations(deps, authOf(req)),
  );

  r.put(
    '/super-admin/:id',
    {
      schema: {
        tags,
        params: z.object({ id: z.uuid() }),
        body: SwitchOrganizationRequestSchema,
        response: { 200: TokenPairSchema },
      },
      config: { access: { signedIn: true } },
    },
    async (req) => service.switchOrganization(deps, authOf(req), req.params.id, req.body.refreshToken),
  );
}
