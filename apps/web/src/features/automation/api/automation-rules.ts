import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  routes,
  type AutomationRule,
  type RuleTestResult,
  type SaveAutomationRule,
  type TestAutomationRule,
} from '@sabai/contracts';
import { api } from '../../../lib/api';

export type { AutomationRule, RuleTestResult, SaveAutomationRule };

export const automationRulesQueryKey = ['automation-rules'] as const;

/** GET /automation-rules: the organisation's rules in the order they are checked (position from 1). */
export function getAutomationRules(signal?: AbortSignal): Promise<AutomationRule[]> {
  return api(routes.automation.list, { signal });
}

export function useAutomationRules() {
  return useQuery({
    queryKey: automationRulesQueryKey,
    queryFn: ({ signal }) => getAutomationRules(signal),
  });
}

export type SaveAutomationRuleInput = { id: string | null; body: SaveAutomationRule };

/**
 * POST /automation-rules (a new rule goes last) or PUT /automation-rules/:id: 404 automation.not_found,
 * automation.reference_missing (a team, agent, tag, canned response, channel or user it names is gone),
 * 409 automation.too_many (200 rules), 400 validation.failed.
 */
export function saveAutomationRule({ id, body }: SaveAutomationRuleInput): Promise<AutomationRule> {
  return id
    ? api(routes.automation.update, { params: { id }, body })
    : api(routes.automation.create, { body });
}

export function useSaveAutomationRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAutomationRule,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: automationRulesQueryKey }),
  });
}

/** POST /automation-rules/:id/duplicate (201): an inactive copy named "<name> (copy)", placed last. */
export function useDuplicateAutomationRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(routes.automation.duplicate, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: automationRulesQueryKey }),
  });
}

/** DELETE /automation-rules/:id (204). */
export function useDeleteAutomationRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(routes.automation.delete, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: automationRulesQueryKey }),
  });
}

/**
 * PUT /automation-rules/order: every rule's id once, in the new order; answers the list. The list shows the
 * new order at once and goes back to the server's if the change is refused (409 automation.order_mismatch
 * when someone else added or deleted a rule meanwhile).
 */
export function useOrderAutomationRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ordered: AutomationRule[]) =>
      api(routes.automation.order, { body: { ids: ordered.map((rule) => rule.id) } }),
    onMutate: async (ordered) => {
      await queryClient.cancelQueries({ queryKey: automationRulesQueryKey });
      const before = queryClient.getQueryData<AutomationRule[]>(automationRulesQueryKey);
      queryClient.setQueryData(automationRulesQueryKey, ordered);
      return { before };
    },
    onError: (_error, _ordered, context) => {
      if (context?.before) queryClient.setQueryData(automationRulesQueryKey, context.before);
    },
    onSuccess: (rules) => queryClient.setQueryData(automationRulesQueryKey, rules),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: automationRulesQueryKey }),
  });
}

/**
 * POST /automation-rules/test: whether the rule as edited (saved or not) would fire on an issue as it is now,
 * each condition's verdict with what the issue has; 404 issue.not_found for a number that does not exist.
 */
export function useTestAutomationRule() {
  return useMutation({
    mutationFn: (body: TestAutomationRule): Promise<RuleTestResult> => api(routes.automation.test, { body }),
  });
}
