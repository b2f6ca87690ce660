// What the layers below the modules (deps.ts, http) name of the services the modules provide. Each is
// implemented in one module (auth, automation); declared here so that naming one never imports a module:
// the modules import deps.ts and http, and a module imported back from there would close a circle.
import type { IssueStatus, KnownFacts, RoleEntry, RoleName, RuleTrigger } from '@sabai/domain';
import type { AccessTokenClaims } from '@sabai/contracts';
import type { Executor } from './platform/db';

/** The caller of a signed-in request, as read from a verified access token (modules/auth). */
export type AuthContext = {
  userId: string;
  organizationId: string;
  roleName: RoleName;
  role: RoleEntry[];
  /** The session (refresh token family) of the token, when it names one. */
  sessionId: string | null;
  /**
   * Set when an API token authenticated the call (modules/api-tokens): the caller then acts as the token's
   * creator, with the token's permissions as `role`.
   */
  apiToken?: { id: string; prefix: string };
};

export type AccessTokenInput = {
  sub: string;
  organizationId: string;
  roleName: RoleName;
  role: RoleEntry[];
  /** The user's session version (modules/auth/session-versions.ts). */
  sv: number;
  /** The session family the token belongs to (a password change keeps the caller's). */
  sid: string;
};

/** Signs and verifies access tokens and short-lived signed values (modules/auth/tokens.ts). */
export interface TokenService {
  signAccess(input: AccessTokenInput): Promise<string>;
  /** A short-lived signed value carried through an external redirect (OAuth `state`). */
  signState(data: Record<string, string>, ttlSeconds?: number): Promise<string>;
  verifyState(token: string): Promise<Record<string, unknown>>;
  verifyAccess(token: string): Promise<AccessTokenClaims>;
}

/** The per-user session versions each signed-in request is checked against (modules/auth). */
export interface SessionVersions {
  /** The user's current version; null when the account is gone or deactivated (no session is valid). */
  current(userId: string): Promise<number | null>;
  /** Forgets the cached versions of these users (their next request reads the database). */
  forget(userIds: readonly string[]): void;
}

/** The rules that led to a rule-made change: a chain stops at a limit, and never fires a rule twice. */
export type RuleChain = { depth: number; ruleIds: readonly string[] };

/** An event automation rules may wait for, as the change that raised it describes it. */
export type RuleEvent = {
  trigger: RuleTrigger;
  organizationId: string;
  issueId: number;
  /** Names the event once: a rule fires at most once per key. */
  key: string;
  /** status_changed: the status it changed to. */
  status?: IssueStatus;
  /** customer_message, issue_created: the customer's message (conditions on words read it). */
  messageText?: string | null;
  /** What the change knows of the issue as the rules will read it: rules it rules out are dropped unread. */
  known?: Omit<KnownFacts, 'messageText'>;
  /** idle: the one rule whose wait ended (idle rules differ in their minutes). */
  ruleId?: string;
  /** Set when a rule's own change caused the event. */
  chain?: RuleChain;
};

/**
 * The automation engine (modules/automation), run in the caller's transaction with the events of its change.
 * `D` is the Deps bag the rules' actions use, a parameter so that this file stays below deps.ts.
 */
export interface RuleEngine<D> {
  run(deps: D, tx: Executor, events: RuleEvent[]): Promise<void>;
}
