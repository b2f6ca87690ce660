// An organisation's AI assist settings as the tests save them (PUT /ai/settings): on, pointed at the
// simulator's model endpoint, every composer feature on, the first responder off unless asked, every data
// rule on, no budget.
import type { SaveAiSettings } from '@sabai/contracts';

export function aiSettingsFor(
  baseUrl: string,
  overrides: Partial<SaveAiSettings> & { firstResponder?: boolean } = {},
): SaveAiSettings {
  const { firstResponder = false, ...rest } = overrides;
  return {
    enabled: true,
    baseUrl,
    model: 'gpt-4o-mini',
    features: { suggest: true, rewrite: true, translate: true, summarise: true, tags: true, firstResponder },
    redact: { phone: true, email: true, nationalId: true },
    monthlyRequestBudget: null,
    timeoutSeconds: 5,
    ...rest,
  };
}
