import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminClient } from '../admin/client';
import { startSimulator } from '../simulator';
import type { Simulator } from '../simulator';
import { AI, openAiClient } from '../test-support/ai-client';

let sim: Simulator;
afterEach(() => sim.close());

describe('admin API: model endpoint', () => {
  it('adds keys and models, scripts answers, injects faults and reads requests', async () => {
    sim = await startSimulator();
    const admin = new AdminClient(sim.url);
    await admin.aiAddKey(AI.key);
    await admin.aiAddModel('sabai-translate');
    await admin.aiAnswer({ pattern: '^hello', flags: 'i' }, 'Hi! How can I help?');
    await admin.aiAnswer('refund', 'Refunds take 7 days.');
    const client = openAiClient(sim);
    const answer = async (content: string) =>
      (
        await client.chat.completions.create({
          model: 'sabai-translate',
          messages: [{ role: 'user', content }],
        })
      ).choices[0]?.message.content;
    expect(await answer('HELLO there')).toBe('Hi! How can I help?');
    expect(await answer('about my refund')).toBe('Refunds take 7 days.');
    await admin.aiClearAnswers();
    expect(await answer('HELLO there')).toBe('[fake] HELLO there');

    await admin.aiFailNext(1, { status: 429, retryAfterSeconds: 2 });
    await expect(answer('x')).rejects.toMatchObject({ status: 429 });
    // Cut before the first event: the client gets no response at all.
    await admin.aiFailUntilCleared({ cutAfterChunks: 0 }, '/chat/completions');
    const streamed = client.chat.completions.create({
      model: AI.model,
      messages: [{ role: 'user', content: 'x' }],
      stream: true,
    });
    await expect(streamed).rejects.toBeInstanceOf(OpenAI.APIConnectionError);
    await admin.aiClearFaults();
    await admin.aiSetConditions({ errorRate: 1 });
    await expect(answer('x')).rejects.toMatchObject({ status: 500 });
    await admin.aiSetConditions({});

    expect((await admin.aiRequests()).map((r) => r.status)).toEqual([200, 200, 200, 429, 200, 500]);
    expect(await admin.aiRequests({ outcome: 'cut_off' })).toHaveLength(1);
    expect((await admin.describe()).ai).toMatchObject({
      keys: [AI.key],
      models: ['gpt-4o-mini', 'sabai-translate'],
    });
  });

  it('answers a bad pattern or fault with 400', async () => {
    sim = await startSimulator();
    const admin = new AdminClient(sim.url);
    await expect(admin.aiAnswer({ pattern: '(' }, 'x')).rejects.toMatchObject({ status: 400 });
    await expect(admin.aiFailNext(1, { status: 200 })).rejects.toMatchObject({ status: 400 });
    await expect(admin.aiAddKey('')).rejects.toMatchObject({ status: 400 });
  });
});
