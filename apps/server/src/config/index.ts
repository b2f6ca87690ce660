import path from 'node:path';
import { z } from 'zod';
import { ROOT_DIR } from '../paths';

// The only reader of process.env (docs/architecture.md "Runtime shapes"): validated once at boot, failing
// with a readable list.
const booleanish = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  /**
   * Where customers' platforms fetch the files agents send (a CDN or another host in front of Sabai's
   * /files); default PUBLIC_URL. LINE fetches only https addresses.
   */
  FILES_PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().startsWith('postgres').optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  /** Where pg_dump and pg_restore of the server's major version are (backups); default: on PATH. */
  PG_BIN_DIR: z.string().optional(),
  ROLES: z.enum(['all', 'http', 'worker']).default('all'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Port of the Prometheus endpoint (GET /metrics), apart from PORT and on every role; off when unset. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Interface of the metrics port: loopback by default; any other needs METRICS_TOKEN in production. */
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** Bearer token a scraper must send to the metrics port (`Authorization: Bearer …`). */
  METRICS_TOKEN: z.string().min(16).optional(),
  JWT_SECRET: z.string().min(32).optional(),
  ENCRYPTION_KEY: z
    .string()
    .length(64)
    .regex(/^[0-9a-f]+$/i)
    .optional(),
  SMTP_URL: z.string().startsWith('smtp').optional(),
  MAIL_FROM: z.string().default('Sabai Inbox <no-reply@sabai.local>'),
  /** Seconds before a failed mail (password reset) is tried again, doubling at each retry. */
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(30),
  WEB_DIST_DIR: z.string().default('apps/web/dist'),
  SEED_DEMO: z.enum(['auto', 'always', 'never']).default('auto'),
  TRUST_PROXY: booleanish.default(false),
  INGEST_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  LOGIN_IP_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Calls an API token may make per minute (per node), beyond which it is answered 429 `rate_limited`. */
  API_TOKEN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  // No default here: outside production the public demo values below apply, production requires real ones.
  META_APP_SECRET: z.string().min(1).optional(),
  META_VERIFY_TOKEN: z.string().min(1).optional(),
  META_APP_ID: z.string().min(1).default('100000000000000'),
  LINE_API_BASE_URL: z.url().default('https://api.line.me'),
  LINE_DATA_API_BASE_URL: z.url().default('https://api-data.line.me'),
  GRAPH_API_BASE_URL: z.url().default('https://graph.facebook.com'),
  GRAPH_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/)
    .default('v25.0'),
  FACEBOOK_LOGIN_URL: z.url().default('https://www.facebook.com'),
  /** Where the pictures of LINE stickers are (`{base}/{stickerId}/android/sticker.png`): LINE's sticker CDN. */
  STICKER_IMAGE_BASE_URL: z.url().default('https://stickershop.line-scdn.net/stickershop/v1/sticker'),
  /** How long any call to LINE or the Graph API may take before it fails (and its job retries it). */
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  /** Points every provider URL at one origin (the simulator): overrides the five above when set. */
  PROVIDER_BASE_URL: z.url().optional(),
  /**
   * Origins (`scheme://host[:port]`, comma-separated) that URLs from users and webhooks may reach although
   * they are http or on a private address, and extra web-push services: for tests and local set-ups.
   */
  OUTBOUND_ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url())),
  /**
   * Outgoing webhooks may target loopback, link-local and private addresses (tests, an integration on the
   * same network). Off by default: an admin could otherwise make the server call its own network.
   */
  OUTGOING_WEBHOOK_ALLOW_PRIVATE: booleanish.default(false),
  /**
   * AI assist endpoints may be on loopback, link-local and private addresses (a local Ollama or vLLM, tests,
   * the demo's simulator). Off by default: an admin could otherwise make the server call its own network.
   */
  AI_ENDPOINT_ALLOW_PRIVATE: booleanish.default(false),
});

/**
 * Provider secrets with a built-in demo value (published in the README, used by the simulator): `npm start`
 * works without them, production refuses to start while one is missing or still the demo value.
 */
export const PROVIDER_SECRETS = {
  META_APP_SECRET: { demo: 'demo-meta-app-secret', hint: "the Meta app's secret (App settings > Basic)" },
  META_VERIFY_TOKEN: {
    demo: 'demo-verify-token',
    hint: "a random token, also entered in the Meta app's webhook settings",
  },
} as const;

type ProviderSecret = keyof typeof PROVIDER_SECRETS;

export type Config = Omit<
  z.infer<typeof ConfigSchema>,
  'PUBLIC_URL' | 'FILES_PUBLIC_URL' | ProviderSecret
> & {
  PUBLIC_URL: string;
  FILES_PUBLIC_URL: string;
  META_APP_SECRET: string;
  META_VERIFY_TOKEN: string;
  /** Absolute repository root, so relative paths work from any cwd. */
  ROOT_DIR: string;
};

/** Parses the environment into a typed config; throws one error listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const production = [...productionProblems(c), ...metricsProblems(c)];
  if (production.length > 0) {
    throw new Error(
      `Invalid configuration for NODE_ENV=production:\n${production.map((p) => `  ${p}`).join('\n')}`,
    );
  }
  const provider = c.PROVIDER_BASE_URL?.replace(/\/$/, '');
  const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, '');
  return {
    ...c,
    ...(provider
      ? {
          LINE_API_BASE_URL: provider,
          LINE_DATA_API_BASE_URL: provider,
          GRAPH_API_BASE_URL: provider,
          FACEBOOK_LOGIN_URL: provider,
          STICKER_IMAGE_BASE_URL: `${provider}/stickershop/v1/sticker`,
        }
      : {}),
    // The simulator plays the providers, so the URLs it hands out (content, CDN links) are as trusted.
    OUTBOUND_ALLOWED_ORIGINS: [...c.OUTBOUND_ALLOWED_ORIGINS, ...(provider ? [provider] : [])],
    META_APP_SECRET: c.META_APP_SECRET ?? PROVIDER_SECRETS.META_APP_SECRET.demo,
    META_VERIFY_TOKEN: c.META_VERIFY_TOKEN ?? PROVIDER_SECRETS.META_VERIFY_TOKEN.demo,
    DATA_DIR: path.resolve(ROOT_DIR, c.DATA_DIR),
    WEB_DIST_DIR: path.resolve(ROOT_DIR, c.WEB_DIST_DIR),
    PUBLIC_URL: publicUrl,
    FILES_PUBLIC_URL: (c.FILES_PUBLIC_URL ?? publicUrl).replace(/\/$/, ''),
    ROOT_DIR,
  };
}

/**
 * Production never runs on public demo values: every provider secret is set and not a demo one, and it has
 * an https public address. (LINE channels on a demo secret are checked in the database at start: main.ts.)
 */
function productionProblems(c: z.infer<typeof ConfigSchema>): string[] {
  if (c.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  for (const name of Object.keys(PROVIDER_SECRETS) as ProviderSecret[]) {
    const { demo, hint } = PROVIDER_SECRETS[name];
    const value = c[name];
    if (value === undefined) problems.push(`${name}: required; set ${hint}`);
    else if (value === demo) problems.push(`${name}: is the public demo value; set ${hint}`);
  }
  if (c.SEED_DEMO === 'always') problems.push('SEED_DEMO: demo data is never seeded in production');
  // Mail and file links and the webhook URLs shown in settings are built on it (LINE and Meta accept only
  // https webhooks), and the XSRF cookie is Secure only on https.
  if (c.PUBLIC_URL === undefined)
    problems.push('PUBLIC_URL: required; set the https:// address users and providers reach Sabai at');
  else if (new URL(c.PUBLIC_URL).protocol !== 'https:')
    problems.push(
      `PUBLIC_URL: must be an https:// address (is ${c.PUBLIC_URL}); terminate TLS in front of Sabai`,
    );
  if (c.FILES_PUBLIC_URL !== undefined && new URL(c.FILES_PUBLIC_URL).protocol !== 'https:')
    problems.push(`FILES_PUBLIC_URL: must be an https:// address (is ${c.FILES_PUBLIC_URL})`);
  return problems;
}

/**
 * The metrics endpoint reveals traffic and load: outside loopback, production serves it only with a token
 * (docs/decisions/operations.md "Metrics on a port of their own").
 */
function metricsProblems(c: z.infer<typeof ConfigSchema>): string[] {
  if (c.NODE_ENV !== 'production' || c.METRICS_PORT === undefined) return [];
  if (c.METRICS_TOKEN !== undefined || isLoopback(c.METRICS_HOST)) return [];
  return [
    `METRICS_TOKEN: required while METRICS_HOST (${c.METRICS_HOST}) is not a loopback address; set a random token of 16 characters or more`,
  ];
}

const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^127\./.test(host);

/** Demo data goes into a fresh embedded database by default, never into a production installation. */
export function shouldSeedDemo(config: Config): boolean {
  if (config.NODE_ENV === 'production') return false;
  return config.SEED_DEMO === 'always' || (config.SEED_DEMO === 'auto' && !config.DATABASE_URL);
}
