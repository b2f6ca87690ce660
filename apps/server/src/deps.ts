// What services need from the outside world, built once at boot (app.ts) and passed first to every
// service call. Tests build the same object against a real database.
import type { Config } from './config';
import type { Db } from './platform/db';
import type { Clock } from './platform/clock';
import type { Cipher } from './platform/crypto';
import type { Logger } from './platform/logger';
import type { Mailer } from './platform/mailer';
import type { Storage } from './platform/storage';
import type { FileLinks } from './platform/file-links';
import type { RuleEngine, SessionVersions, TokenService } from './ports';
import type { ChannelRegistry } from './channels';
import type { Jobs } from './platform/jobs';
import type { GuardedFetch } from './platform/guarded-fetch';
import type { Metrics } from './platform/metrics';

export interface Deps {
  config: Config;
  db: Db;
  clock: Clock;
  /** Seals channel secrets at rest. */
  cipher: Cipher;
  logger: Logger;
  mailer: Mailer;
  storage: Storage;
  /** Signs the expiring /files links that every answer and outgoing message carries (no permanent URLs). */
  fileLinks: FileLinks;
  tokens: TokenService;
  /** Users' current session versions, checked on each signed-in request. */
  sessions: SessionVersions;
  /** pg-boss: enqueue inside transactions with sendInTransaction. */
  jobs: Jobs;
  /** Provider adapters (LINE, Messenger, Instagram). */
  channels: ChannelRegistry;
  /** The only way to fetch a URL that a user or a webhook supplied (SSRF rules in guarded-fetch.ts). */
  fetchUrl: GuardedFetch;
  /**
   * Automation rules, run in the transaction of each change that may fire them. Reached through here because
   * the issues module's changes both fire rules and are what rules do.
   */
  automation: RuleEngine<Deps>;
  /** Prometheus metrics of this process: one call records an event (platform/metrics.ts). */
  metrics: Metrics;
}
