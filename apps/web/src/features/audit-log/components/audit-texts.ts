// Catalogue keys of the audit log's areas and actions (literal, so the i18n usage check sees them). Typed
// by the contract's lists, so a new area or action fails the type check until it has its label.
import type { AuditAction, AuditArea } from '@sabai/contracts';
import type { TranslationKey } from '@sabai/i18n';

export const AREA_KEYS: Record<AuditArea, TranslationKey> = {
  session: 'auditLog.areas.session',
  channel: 'auditLog.areas.channel',
  comment_rules: 'auditLog.areas.comment_rules',
  csat: 'auditLog.areas.csat',
  sla: 'auditLog.areas.sla',
  automation: 'auditLog.areas.automation',
  macro: 'auditLog.areas.macro',
  team: 'auditLog.areas.team',
  user: 'auditLog.areas.user',
  role: 'auditLog.areas.role',
  auto_assignment: 'auditLog.areas.auto_assignment',
  canned_response: 'auditLog.areas.canned_response',
  tag: 'auditLog.areas.tag',
  organization: 'auditLog.areas.organization',
  time_off: 'auditLog.areas.time_off',
  contact: 'auditLog.areas.contact',
  export: 'auditLog.areas.export',
  audit: 'auditLog.areas.audit',
  api_token: 'auditLog.areas.api_token',
  webhook: 'auditLog.areas.webhook',
  knowledge_base: 'auditLog.areas.knowledge_base',
  ai: 'auditLog.areas.ai',
  first_responder: 'auditLog.areas.first_responder',
};

export const ACTION_KEYS: Record<AuditAction, TranslationKey> = {
  create: 'auditLog.actions.create',
  update: 'auditLog.actions.update',
  delete: 'auditLog.actions.delete',
  sign_in: 'auditLog.actions.sign_in',
  sign_in_failed: 'auditLog.actions.sign_in_failed',
  activate: 'auditLog.actions.activate',
  deactivate: 'auditLog.actions.deactivate',
  hand_over: 'auditLog.actions.hand_over',
  invite: 'auditLog.actions.invite',
  remove_member: 'auditLog.actions.remove_member',
  approve: 'auditLog.actions.approve',
  decline: 'auditLog.actions.decline',
  merge: 'auditLog.actions.merge',
  erase: 'auditLog.actions.erase',
  export: 'auditLog.actions.export',
  revoke: 'auditLog.actions.revoke',
  rotate_secret: 'auditLog.actions.rotate_secret',
  resend: 'auditLog.actions.resend',
  import: 'auditLog.actions.import',
  test_connection: 'auditLog.actions.test_connection',
};

// The filters' choices in the contract's order (not imported from @sabai/contracts as values: the lists
// here already hold every one).
export const AREAS = Object.keys(AREA_KEYS) as AuditArea[];
export const ACTIONS = Object.keys(ACTION_KEYS) as AuditAction[];
