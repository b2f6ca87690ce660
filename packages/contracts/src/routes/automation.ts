import {
  AutomationRuleListSchema,
  AutomationRuleSchema,
  OrderAutomationRulesSchema,
  RuleTestResultSchema,
  SaveAutomationRuleSchema,
  TestAutomationRuleSchema,
} from '../automation';
import { defineRoutes } from './route';
import { UuidParams } from './params';

const tag = 'automation';
// Rules are organisation settings, held like the service level policies (channel scope all: Admins and
// SuperAdmins by default).
const can = (action: 'view' | 'update') => ({ resource: 'channel', action, scopes: ['all'] }) as const;

export const automationRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/automation-rules',
    tag,
    responses: { 200: AutomationRuleListSchema },
    access: can('view'),
  },
  create: {
    method: 'POST',
    path: '/automation-rules',
    tag,
    body: SaveAutomationRuleSchema,
    responses: { 201: AutomationRuleSchema },
    access: can('update'),
    audit: { area: 'automation' },
  },
  update: {
    method: 'PUT',
    path: '/automation-rules/:id',
    tag,
    params: UuidParams,
    body: SaveAutomationRuleSchema,
    responses: { 200: AutomationRuleSchema },
    access: can('update'),
    audit: { area: 'automation' },
  },
  duplicate: {
    method: 'POST',
    path: '/automation-rules/:id/duplicate',
    tag,
    params: UuidParams,
    responses: { 201: AutomationRuleSchema },
    access: can('update'),
    audit: { area: 'automation' },
  },
  order: {
    method: 'PUT',
    path: '/automation-rules/order',
    tag,
    body: OrderAutomationRulesSchema,
    responses: { 200: AutomationRuleListSchema },
    access: can('update'),
    audit: { area: 'automation' },
  },
  delete: {
    method: 'DELETE',
    path: '/automation-rules/:id',
    tag,
    params: UuidParams,
    responses: {},
    access: can('update'),
    audit: { area: 'automation' },
  },
  test: {
    method: 'POST',
    path: '/automation-rules/test',
    tag,
    body: TestAutomationRuleSchema,
    responses: { 200: RuleTestResultSchema },
    access: can('view'),
  },
});
