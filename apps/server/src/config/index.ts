import path from 'node:path';
import { z } from 'zod';

// The only reader of process.env (architecture.md): validated once at boot, failing with a readable list.
const booleanish = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().startsWith('postgres').optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  ROLES: z.enum(['all', 'http', 'worker']).default('all'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JWT_SECRET: z.string().min(32).optional(),
  ENCRYPTION_KEY: z
    .string()
    .length(64)
    .regex(/^[0-9a-f]+$/i)
    .optional(),
  SMTP_URL: z.string().startsWith('smtp').optional(),
  MAIL_FROM: z.string().default('Sabai Inbox <no-reply@sabai.local>'),
  WEB_DIST_DIR: z.string().default('apps/web/dist'),
  SEED_DEMO: z.enum(['auto', 'always', 'never']).default('auto'),
  TRUST_PROXY: booleanish.default(false),
  INGEST_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  LOGIN_IP_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  META_APP_SECRET: z.string().min(1).default('demo-meta-app-secret'),
  META_VERIFY_TOKEN: z.string().min(1).default('demo-verify-token'),
  META_APP_ID: z.string().min(1).default('100000000000000'),
  LINE_API_BASE_URL: z.url().default('https://api.line.me'),
  LINE_DATA_API_BASE_URL: z.url().default('https://api-data.line.me'),
  GRAPH_API_BASE_URL: z.url().default('https://graph.facebook.com'),
  GRAPH_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/)
    .default('v25.0'),
  FACEBOOK_LOGIN_URL: z.url().default('https://www.facebook.com'),
  /** How long any call to LINE or the Graph API may take before it fails (and its job retries it). */
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  /** Points every provider URL at one origin (the simulator): overrides the four above when set. */
  PROVIDER_BASE_URL: z.url().optional(),
});

export type Config = Omit<z.infer<typeof ConfigSchema>, 'PUBLIC_URL'> & {
  PUBLIC_URL: string;
  /** Absolute repository root, so relative paths work from any cwd. */
  ROOT_DIR: string;
};

const ROOT_DIR = path.resolve(import.meta.dirname, '../../../..');

/** Parses the environment into a typed config; throws one error listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const provider = c.PROVIDER_BASE_URL?.replace(/\/$/, '');
  return {
    ...c,
    ...(provider
      ? {
          LINE_API_BASE_URL: provider,
          LINE_DATA_API_BASE_URL: provider,
          GRAPH_API_BASE_URL: provider,
          FACEBOOK_LOGIN_URL: provider,
        }
      : {}),
    DATA_DIR: path.resolve(ROOT_DIR, c.DATA_DIR),
    WEB_DIST_DIR: path.resolve(ROOT_DIR, c.WEB_DIST_DIR),
    PUBLIC_URL: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    ROOT_DIR,
  };
}
