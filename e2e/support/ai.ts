// AI assist for the demo organisation in the journeys: on, pointed at the simulator's model endpoint with a
// key it accepts (every feature on, the first responder only when asked), and off again afterwards, so the
// journeys after one show no AI actions in their chats.
import { inject } from './stack';
import { AdminClient } from '@sabai/simulator';
import type { ApiSession } from './api';

export async function turnAiOn(admin: ApiSession, key: string, options: { firstResponder?: boolean } = {}) {
  await new AdminClient(inject('simulatorUrl')).aiAddKey(key);
  await admin.call('PUT', '/ai/settings', {
    enabled: true,
    baseUrl: `${inject('simulatorUrl')}/openai/v1`,
    model: 'gpt-4o-mini',
    apiKey: key,
    features: {
      suggest: true,
      rewrite: true,
      translate: true,
      summarise: true,
      tags: true,
      firstResponder: options.firstResponder ?? false,
    },
    redact: { phone: true, email: true, nationalId: true },
    monthlyRequestBudget: null,
    timeoutSeconds: 10,
  });
}

export async function turnAiOff(admin: ApiSession) {
  const current = await admin.call<Record<string, unknown>>('GET', '/ai/settings');
  await admin.call('PUT', '/ai/settings', { ...current, enabled: false, monthlyRequestBudget: null });
}
