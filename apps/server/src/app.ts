// Builds the Fastify instance: plugins, guards, routes. main.ts and the tests both call buildApp, so tests
// exercise exactly what production runs.
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { FILE_MAX_BYTES } from '@sabai/domain';
import type { Config } from './config';
import type { Deps } from './deps';
import { allRoutes } from '@sabai/contracts';
import { registerAccessControl } from './http/access';
import { registerErrorHandler } from './http/error-handler';
import { fileRoutes } from './http/files.routes';
import { healthRoutes } from './http/health.routes';
import { registerWebApp } from './http/web-app';
import { registerRouteMapCheck } from './http/route-map-check';
import { registerStorableInputGuard } from './http/storable-input';
import { registerXsrf } from './http/xsrf';
import { SECURITY_SCHEMES } from './http/route';
import { authRoutes, createSessionVersions, createTokenService } from './modules/auth';
import { apiTokenRoutes, authenticateRequest, createApiTokenRateLimit } from './modules/api-tokens';
import { roleRoutes } from './modules/roles';
import { meRoutes, userRoutes } from './modules/users';
import { messageRoutes } from './modules/messages';
import { commentRoutes } from './modules/comments';
import { channelRoutes } from './modules/channels';
import { lineQuotaRoutes } from './modules/line-quota';
import { organizationSettingRoutes } from './modules/organizations';
import { teamRoutes, timeOffRoutes } from './modules/teams';
import { assignmentRoutes } from './modules/assignment';
import { cannedResponseRoutes } from './modules/canned-responses';
import { tagRoutes } from './modules/tags';
import { issueRoutes } from './modules/issues';
import { contactRoutes } from './modules/contacts';
import { notificationRoutes } from './modules/notifications';
import { reportRoutes } from './modules/reports';
import { forwardNotificationsToLine, staffAlertRoutes } from './modules/staff-alerts';
import { forwardNotificationsToPush, webPushRoutes } from './modules/web-push';
import { webhookRoutes } from './modules/webhooks';
import { auditRoutes, registerAuditTrail } from './modules/audit';
import { csatRoutes } from './modules/csat';
import { firstResponderRoutes } from './modules/first-responder';
import { slaRoutes } from './modules/sla';
import { automationRoutes, macroRoutes, ruleEngine } from './modules/automation';
import { outgoingWebhookRoutes, readDispatchBacklog, webhookOpenApi } from './modules/outgoing-webhooks';
import { knowledgeBaseRoutes } from './modules/knowledge-base';
import { aiRoutes } from './modules/ai';
import { assistRoutes } from './modules/assist';
import { createChannelRegistry } from './channels';
import { startJobs } from './platform/jobs';
import { startWorkers } from './workers';
import { systemClock, type Clock } from './platform/clock';
import type { Db } from './platform/db';
import { REDACT_PATHS, REDACTED, serializeError, serializeRequest } from './platform/log-redaction';
import { logContextMixin } from './platform/log-context';
import { createMetrics } from './platform/metrics';
import { startMetricsServer } from './http/metrics-server';
import { registerRequestObservability } from './http/request-observability';
import { createMailer, type Mailer } from './platform/mailer';
import { getOrCreateSecret, loadCipher } from './platform/secrets';
import { createStorage } from './platform/storage';
import { createFileLinks } from './platform/file-links';
import { createGuardedFetch } from './platform/guarded-fetch';
import { drainUnreadBody } from './http/upload';
import { startEventBus } from './platform/events';
import { registerRealtime } from './realtime/gateway';

export type BuildOptions = {
  config: Config;
  db: Db;
  clock?: Clock;
  mailer?: Mailer;
  /** Serve the built web app (production and end-to-end runs). */
  serveWebApp?: boolean;
  /** Run the ingest worker and job handlers in this process (default true; false for ROLES=http). */
  runWorkers?: boolean;
  /** Serve the websocket and relay events to it (default true; false for ROLES=worker). */
  realtime?: boolean;
};

const API_PREFIX = '/api/v1';

/** Builds the HTTP application and the dependencies its services use. */
export async function buildApp(opts: BuildOptions): Promise<{ app: FastifyInstance; deps: Deps }> {
  const { config, db } = opts;
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: { paths: REDACT_PATHS, censor: REDACTED },
            serializers: { req: serializeRequest, err: serializeError },
            // Each line carries the ids of the request, job or ingest batch it belongs to (log-context.ts).
            mixin: logContextMixin,
          },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const clock = opts.clock ?? systemClock;
  // The event bus (pg LISTEN) of this process: the websocket's fan-out and the session versions' cache.
  const bus = opts.realtime === false ? null : await startEventBus(db, { logger: app.log });
  if (bus) app.addHook('onClose', () => bus.close());
  const secret = config.JWT_SECRET ?? (await getOrCreateSecret(db, 'jwt_secret'));
  const fetchUrl = createGuardedFetch({ allowedOrigins: config.OUTBOUND_ALLOWED_ORIGINS });
  const deps: Deps = {
    config,
    db,
    clock,
    cipher: await loadCipher(config, db),
    logger: app.log,
    mailer:
      opts.mailer ??
      createMailer({
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        logger: app.log,
        // The demo's stand-in for SMTP writes the mail with its link to a file; production only logs
        // that a mail was not sent (links are secrets, recipients personal data).
        ...(config.NODE_ENV === 'production' ? {} : { outboxDir: path.join(config.DATA_DIR, 'outbox') }),
      }),
    storage: createStorage({
      db,
      dataDir: path.join(config.DATA_DIR, 'files'),
      mode: db.kind === 'pglite' ? 'disk' : 'db',
    }),
    fileLinks: createFileLinks({ secret, clock, publicUrl: config.FILES_PUBLIC_URL }),
    tokens: createTokenService(secret, clock),
    sessions: createSessionVersions(db, bus),
    jobs: await startJobs(db, { logger: app.log, schedule: opts.runWorkers !== false }),
    channels: createChannelRegistry({
      lineApiBaseUrl: config.LINE_API_BASE_URL,
      lineDataApiBaseUrl: config.LINE_DATA_API_BASE_URL,
      graphApiBaseUrl: config.GRAPH_API_BASE_URL,
      graphApiVersion: config.GRAPH_API_VERSION,
      fetchUrl,
      timeoutMs: config.PROVIDER_TIMEOUT_MS,
    }),
    fetchUrl,
    automation: ruleEngine,
    // The process's own metrics (CPU, memory, event loop) only when they are served.
    metrics: createMetrics({
      db,
      logger: app.log,
      processMetrics: config.METRICS_PORT !== undefined,
      readOutgoingWebhookBacklog: readDispatchBacklog,
    }),
  };
  const stopWorkers = opts.runWorkers === false ? null : await startWorkers(deps);
  app.addHook('onClose', async () => {
    await stopWorkers?.();
    await deps.jobs.stop();
  });

  registerErrorHandler(app);
  registerRequestObservability(app, deps.metrics);
  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Sticker pictures come from the sticker CDN (the simulator's, over http, in the demo).
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', new URL(deps.config.STICKER_IMAGE_BASE_URL).origin],
        styleSrc: ["'self'", "'unsafe-inline'"], // Ant Design injects its CSS-in-JS at run time
        connectSrc: ["'self'", 'ws:', 'wss:'],
        scriptSrc: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, { global: false });
  // Routes read files through http/upload.ts, which sets each file's limit.
  await app.register(multipart, { limits: { fileSize: FILE_MAX_BYTES + 1, files: 5, fields: 20 } });
  app.addHook('onResponse', async (request) => drainUnreadBody(request));
  const webhookDocs = webhookOpenApi();
  await app.register(swagger, {
    openapi: {
      info: { title: 'Sabai Inbox API', version: '1.0.0' },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: SECURITY_SCHEMES,
        // zod's OpenAPI 3.0 schemas, which openapi-types types more narrowly than JSON Schema.
        schemas: webhookDocs.schemas as Record<string, never>,
      },
      // What Sabai POSTs to an organisation's endpoints (modules/outgoing-webhooks/openapi.ts).
      ...webhookDocs.extensions,
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerXsrf(app, { secureCookie: config.PUBLIC_URL.startsWith('https://') });
  registerStorableInputGuard(app);
  registerAccessControl(
    app,
    (request) => authenticateRequest(deps, request.headers.authorization),
    createApiTokenRateLimit(app, config.API_TOKEN_RATE_LIMIT_PER_MINUTE),
  );
  registerRouteMapCheck(app, allRoutes, API_PREFIX);
  registerAuditTrail(app, deps);

  await app.register(healthRoutes, deps);
  await app.register(fileRoutes, deps);
  await app.register(
    async (api) => {
      await api.register(authRoutes, deps);
      await api.register(meRoutes, deps);
      await api.register(roleRoutes, deps);
      await api.register(messageRoutes, deps);
      await api.register(commentRoutes, deps);
      await api.register(channelRoutes, deps);
      await api.register(lineQuotaRoutes, deps);
      await api.register(organizationSettingRoutes, deps);
      await api.register(teamRoutes, deps);
      await api.register(issueRoutes, deps);
      await api.register(reportRoutes, deps);
      await api.register(contactRoutes, deps);
      await api.register(timeOffRoutes, deps);
      await api.register(userRoutes, deps);
      await api.register(assignmentRoutes, deps);
      await api.register(cannedResponseRoutes, deps);
      await api.register(tagRoutes, deps);
      await api.register(notificationRoutes, deps);
      await api.register(staffAlertRoutes, deps);
      await api.register(webPushRoutes, deps);
      await api.register(auditRoutes, deps);
      await api.register(csatRoutes, deps);
      await api.register(slaRoutes, deps);
      await api.register(automationRoutes, deps);
      await api.register(knowledgeBaseRoutes, deps);
      await api.register(firstResponderRoutes, deps);
      await api.register(macroRoutes, deps);
      await api.register(outgoingWebhookRoutes, deps);
      await api.register(aiRoutes, deps);
      await api.register(apiTokenRoutes, deps);
      await api.register(assistRoutes, deps);
    },
    { prefix: API_PREFIX },
  );
  await app.register(webhookRoutes, { prefix: '/webhooks', ...deps });
  if (bus) {
    const gateway = await registerRealtime(app, deps, bus);
    // Notifications also go out as LINE messages (staff who linked their LINE account) and as web pushes
    // (registered browsers, when no page of the user has the live socket open).
    const stopLineAlerts = forwardNotificationsToLine(deps, bus);
    const stopPushes = forwardNotificationsToPush(deps, bus, gateway);
    app.addHook('onClose', async () => {
      stopLineAlerts();
      stopPushes();
    });
  }
  if (opts.serveWebApp) await registerWebApp(app, config.WEB_DIST_DIR);
  if (config.METRICS_PORT !== undefined) {
    const metricsServer = await startMetricsServer(deps.metrics, {
      host: config.METRICS_HOST,
      port: config.METRICS_PORT,
      token: config.METRICS_TOKEN,
      logger: app.log,
    });
    app.addHook('onClose', () => metricsServer.close());
    app.log.info({ url: `${metricsServer.url}/metrics` }, 'metrics served');
  }
  return { app, deps };
}
