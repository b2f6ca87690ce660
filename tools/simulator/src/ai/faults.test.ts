import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { AI, openAiClient, startAiSimulator } from '../test-support/ai-client';
import type { Simulator } from '../simulator';

let sim: Simulator;
afterEach(() => sim.close());

const messages = [{ role: 'user' as const, content: 'Write a short reply to the customer about the parcel' }];
const complete = (client = openAiClient(sim)) =>
  client.chat.completions.create({ model: AI.model, messages });

describe('model endpoint faults', () => {
  it('answers 429 rate_limit_exceeded with retry-after, then normally again', async () => {
    sim = await startAiSimulator();
    sim.ai.failNext(1, { status: 429 });
    const limited = complete();
    await expect(limited).rejects.toBeInstanceOf(OpenAI.RateLimitError);
    const error = (await limited.catch((e: unknown) => e)) as InstanceType<typeof OpenAI.RateLimitError>;
    expect(error).toMatchObject({ status: 429, code: 'rate_limit_exceeded', type: 'requests', param: null });
    expect(error.headers?.get('retry-after')).toBe('1');
    expect((await complete()).choices[0]?.finish_reason).toBe('stop');

    sim.ai.failNext(1, { status: 429, retryAfterSeconds: 7 });
    const told = (await complete().catch((e: unknown) => e)) as InstanceType<typeof OpenAI.RateLimitError>;
    expect(told.headers?.get('retry-after')).toBe('7');
    expect(sim.ai.requests().map((r) => r.status)).toEqual([429, 200, 429]);
  });

  it('answers 500 and 503 as server errors', async () => {
    sim = await startAiSimulator();
    sim.ai.failNext(1, { status: 500 });
    sim.ai.failNext(1, { status: 503 });
    await expect(complete()).rejects.toBeInstanceOf(OpenAI.InternalServerError);
    const overloaded = complete();
    await expect(overloaded).rejects.toMatchObject({
      status: 503,
      type: 'server_error',
      message: expect.stringContaining('overloaded'),
    });
  });

  it('answers late: a client timeout aborts a slow answer, and the record says the client left', async () => {
    sim = await startAiSimulator();
    sim.ai.failNext(1, { delayMs: 300 });
    const started = performance.now();
    expect((await complete()).choices[0]?.message.content).toMatch(/^\[fake\]/);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);

    sim.ai.failNext(1, { delayMs: 1500 });
    await expect(complete(openAiClient(sim, { timeout: 200 }))).rejects.toBeInstanceOf(
      OpenAI.APIConnectionTimeoutError,
    );
    const abandoned = await sim.waitFor(() => sim.ai.requests({ outcome: 'abandoned' })[0]);
    expect(abandoned.status).toBe(200);
  });

  it('hangs without answering until the client times out', async () => {
    sim = await startAiSimulator();
    sim.ai.failNext(1, 'timeout');
    await expect(complete(openAiClient(sim, { timeout: 300 }))).rejects.toBeInstanceOf(
      OpenAI.APIConnectionTimeoutError,
    );
    expect(sim.ai.requests()).toMatchObject([{ status: null, outcome: 'held' }]);
    expect((await complete()).choices).toHaveLength(1);
  });

  it('cuts a stream midway: the client gets the first deltas, then an error instead of [DONE]', async () => {
    sim = await startAiSimulator();
    sim.ai.failNext(1, { cutAfterChunks: 3 });
    const stream = await openAiClient(sim).chat.completions.create({
      model: AI.model,
      messages,
      stream: true,
    });
    const deltas: string[] = [];
    const reading = (async () => {
      for await (const chunk of stream) deltas.push(chunk.choices[0]?.delta.content ?? '');
    })();
    await expect(reading).rejects.toThrow();
    // The role chunk and two pieces of the answer.
    expect(deltas).toEqual(['', '[fake] ', 'Write ']);
    expect(sim.ai.requests()).toMatchObject([{ status: 200, outcome: 'cut_off' }]);
  });

  it('pauses between stream chunks', async () => {
    sim = await startAiSimulator();
    const pauseMs = 60;
    sim.ai.failNext(1, { chunkDelayMs: pauseMs });
    const stream = await openAiClient(sim).chat.completions.create({
      model: AI.model,
      messages,
      stream: true,
    });
    const arrivals: number[] = [];
    for await (const chunk of stream) {
      expect(chunk.object).toBe('chat.completion.chunk');
      arrivals.push(performance.now());
    }
    const span = (arrivals.at(-1) ?? 0) - (arrivals[0] ?? 0);
    // Timers never fire early; a little slack for when the client reads what arrived.
    expect(span).toBeGreaterThanOrEqual(pauseMs * (arrivals.length - 1) - 20);
    expect(sim.ai.requests()).toMatchObject([{ outcome: 'completed' }]);
  });

  it('keeps a fault on matching paths until cleared, and meets standing conditions', async () => {
    sim = await startAiSimulator();
    const client = openAiClient(sim);
    sim.ai.failUntilCleared({ status: 503 }, { pathIncludes: '/chat/completions' });
    for (let i = 0; i < 3; i++) await expect(complete(client)).rejects.toMatchObject({ status: 503 });
    expect((await client.models.list()).data.length).toBeGreaterThan(0);
    sim.ai.clearFaults();
    expect((await complete(client)).choices).toHaveLength(1);

    sim.ai.setConditions({ errorRate: 1 });
    await expect(complete(client)).rejects.toMatchObject({ status: 500 });
    sim.ai.setConditions({});
    expect((await complete(client)).choices).toHaveLength(1);
  });

  it('does not take LINE’s faults, and forgets its own on reset', async () => {
    sim = await startAiSimulator();
    sim.line.failNext(1, { status: 500 });
    expect((await complete()).choices).toHaveLength(1);
    sim.ai.failNext(1, { status: 500 });
    sim.line.failNext(1, 'timeout');
    sim.reset({ keepConfig: true });
    expect((await complete()).choices).toHaveLength(1);
  });
});
