// Shared setup of the model endpoint tests: a fresh simulator with one key, and the official `openai` client
// pointed at it.
import OpenAI from 'openai';
import type { ClientOptions } from 'openai';
import { startSimulator } from '../simulator';
import type { Simulator } from '../simulator';

export const AI = { key: 'sk-test-0123456789abcdefghij', model: 'gpt-4o-mini' };

/** A simulator that accepts `AI.key`. */
export async function startAiSimulator(): Promise<Simulator> {
  const sim = await startSimulator();
  sim.ai.addKey(AI.key);
  return sim;
}

/** The official client as the server will use it; no retries unless a test asks, so faults show at once. */
export function openAiClient(sim: Simulator, options: ClientOptions = {}): OpenAI {
  return new OpenAI({ baseURL: sim.ai.baseUrl, apiKey: AI.key, maxRetries: 0, ...options });
}

/** Calls the model endpoint without the client, to see the wire format. */
export function aiApi(sim: Simulator, path: string, body?: unknown, key: string | null = AI.key) {
  return fetch(`${sim.ai.baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      ...(key === null ? {} : { authorization: `Bearer ${key}` }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}
