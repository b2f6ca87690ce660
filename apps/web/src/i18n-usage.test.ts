// Every English key must be used somewhere in the web app (or the packages it renders texts for), so
// the catalogues never carry dead texts. Keys built at run time are listed by prefix below.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { leafKeys, resources } from '@sabai/i18n';

const root = fileURLToPath(new URL('../../..', import.meta.url));

const DYNAMIC_PREFIXES = [
  'errors.', // errorKey(): `errors.<code>` of the server's error envelope
  'notices.retrieve.', // useRetrievalNotice(): the failed-load notice of each resource
  'roles.', // roleKey(): role names
  'languages.', // language switch: `languages.<lang>`
  'issue.status.', // statuses from packages/domain ISSUE_STATUSES / STATUS_FILTERS
  'inbox.sort.', // ISSUE_SORTS
  'inbox.time.', // ISSUE_TIME_FILTERS
  'inbox.kinds.', // message kinds
  'inbox.delivery.', // message delivery statuses
  'inbox.quickReplies.types.', // quick-reply button types (contracts QuickReplySchema)
  'inbox.trail.chat.', // a LINE chat's events in the trail (packages/domain CHAT_EVENT_KINDS)
  'policy.sections.', // policy page: `policy.sections.<id>.title|body`
  'notifications.text.', // localNotice(): the server's notice texts by kind
  // The server's person export (apps/server contacts.person-export.ts) writes these.
  'contacts.personExport.message.',
  'contacts.personExport.direction.',
  'contacts.personExport.sender.',
  'contacts.personExport.yes',
  // The server's order list export (apps/server comments.service.ts) names its XLSX sheet with this.
  'inbox.comments.orders.sheet',
  // The server's audit log export (apps/server audit.service.ts) heads two of its columns with these.
  'auditLog.columns.email',
  'auditLog.columns.changes',
  // The automation rules screen's enumerations, by the values of packages/domain and contracts (RULE_TRIGGERS,
  // the rule conditions' types, RULE_CONTACT_FIELDS, RULE_TEXT_OPERATORS, RULE_ACTION_TYPES), and the trail's
  // steps of a rule's firing by the same action types.
  'automation.triggers.',
  'automation.when.',
  'automation.conditionTypes.',
  'automation.contactFields.',
  'automation.form.contactFieldOptions.',
  'automation.operators.',
  'automation.actions.',
  'inbox.trail.steps.',
  // The step editor's kinds of step (a rule's actions, a macro's steps), by RULE_ACTION_TYPES of
  // packages/contracts.
  'steps.types.',
  // AI assist: the rewrite styles (contracts REWRITE_STYLES) and the customers' languages (domain
  // TEXT_LANGUAGES) the composer names.
  'inbox.assist.styles.',
  'inbox.assist.languages.',
  // The AI assist screen's features and data rules (contracts AI_FEATURES, AI_REDACTIONS), and the first
  // responder's hand-over reasons on the dashboard.
  'aiAssist.feature.',
  'aiAssist.redact.',
  'reports.firstResponder.reasons.',
  'password.length', // validatePassword() problem codes from packages/domain
  'password.letter',
  'password.digit',
  'password.repeated',
  'password.common',
];

// Keys kept for screens that do not exist yet.
const RESERVED_KEYS: string[] = [];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && !path.includes('/packages/i18n/')
      ? [path]
      : [];
  });
}

const usedIn = (sources: string, key: string) => sources.includes(`'${key}'`) || sources.includes(`"${key}"`);

describe('i18n keys', () => {
  it('uses every English key in apps/web/src or packages', () => {
    const sources = [...sourceFiles(join(root, 'apps/web/src')), ...sourceFiles(join(root, 'packages'))]
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const unused = leafKeys(resources.en.translation).filter(
      (key) =>
        !RESERVED_KEYS.includes(key) &&
        !DYNAMIC_PREFIXES.some((prefix) => key.startsWith(prefix)) &&
        !usedIn(sources, key) &&
        // A plural form (`x_one`, `x_other`) is used through its base key with a count.
        !usedIn(sources, key.replace(/_(zero|one|two|few|many|other)$/, '')),
    );
    expect(unused).toEqual([]);
  });
});
