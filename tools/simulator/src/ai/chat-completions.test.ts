import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { AI, aiApi, openAiClient, startAiSimulator } from '../test-support/ai-client';
import type { Simulator } from '../simulator';

let sim: Simulator;
afterEach(() => sim.close());

const ask = (content: string, system = 'Be brief.') => [
  { role: 'system' as const, content: system },
  { role: 'user' as const, content },
];

/** Reads a raw event stream into its `data:` payloads. */
async function dataLines(response: Response): Promise<string[]> {
  const text = await response.text();
  return text
    .split('\n\n')
    .filter((block) => block !== '')
    .map((block) => {
      expect(block).toMatch(/^data: /);
      return block.slice('data: '.length);
    });
}

describe('model endpoint: chat completions', () => {
  it('answers with `[fake] ` and the last user message, one choice and usage of ceil(characters / 4)', async () => {
    sim = await startAiSimulator();
    const completion = await openAiClient(sim).chat.completions.create({
      model: AI.model,
      messages: ask('Where is my order?'),
    });
    expect(completion).toMatchObject({
      object: 'chat.completion',
      model: AI.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: '[fake] Where is my order?', refusal: null },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      // "Be brief.\nWhere is my order?" is 28 characters, "[fake] Where is my order?" 25.
      usage: { prompt_tokens: 7, completion_tokens: 7, total_tokens: 14 },
    });
    expect(completion.id).toMatch(/^chatcmpl-/);
    expect(completion.created).toBe(Math.floor(sim.now() / 1000));

    // Thai counts by code point, not by UTF-16 unit or byte.
    const thai = await openAiClient(sim).chat.completions.create({
      model: AI.model,
      messages: [{ role: 'user', content: 'สวัสดีครับ' }],
    });
    expect(thai.usage).toEqual({ prompt_tokens: 3, completion_tokens: 5, total_tokens: 8 });
  });

  it('streams the answer through the official client in several deltas, with a usage chunk when asked', async () => {
    sim = await startAiSimulator();
    const client = openAiClient(sim);
    const messages = ask('Please tell me when my parcel will arrive at the shop');
    const whole = await client.chat.completions.create({ model: AI.model, messages });

    const stream = await client.chat.completions.create({
      model: AI.model,
      messages,
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    const contents = chunks.flatMap((c) => c.choices.map((choice) => choice.delta.content ?? ''));
    expect(contents.filter((c) => c !== '').length).toBeGreaterThanOrEqual(5);
    expect(contents.join('')).toBe(whole.choices[0]?.message.content);
    expect(chunks[0]?.choices[0]?.delta).toMatchObject({ role: 'assistant', content: '' });
    expect(new Set(chunks.map((c) => c.id)).size).toBe(1);
    expect(chunks.map((c) => c.object)).toEqual(chunks.map(() => 'chat.completion.chunk'));

    const [finish, usage] = chunks.slice(-2);
    expect(finish?.choices).toEqual([{ index: 0, delta: {}, logprobs: null, finish_reason: 'stop' }]);
    expect(usage).toMatchObject({ choices: [], usage: whole.usage });
    expect(chunks.slice(0, -1).every((c) => c.usage === null)).toBe(true);

    const plain = await client.chat.completions.create({ model: AI.model, messages, stream: true });
    for await (const chunk of plain) expect(chunk).not.toHaveProperty('usage');
  });

  it('writes OpenAI’s server-sent events: `data:` lines, a stop chunk and `data: [DONE]`', async () => {
    sim = await startAiSimulator();
    const response = await aiApi(sim, '/chat/completions', {
      model: AI.model,
      messages: ask('hi there'),
      stream: true,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{32}$/);
    const lines = await dataLines(response);
    expect(lines.at(-1)).toBe('[DONE]');
    const chunks = lines.slice(0, -1).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(chunks.map((c) => c.choices)).toEqual([
      [
        {
          index: 0,
          delta: { role: 'assistant', content: '', refusal: null },
          logprobs: null,
          finish_reason: null,
        },
      ],
      [{ index: 0, delta: { content: '[fake] ' }, logprobs: null, finish_reason: null }],
      [{ index: 0, delta: { content: 'hi ' }, logprobs: null, finish_reason: null }],
      [{ index: 0, delta: { content: 'there' }, logprobs: null, finish_reason: null }],
      [{ index: 0, delta: {}, logprobs: null, finish_reason: 'stop' }],
    ]);
    expect(chunks[0]).toMatchObject({ object: 'chat.completion.chunk', model: AI.model });
  });

  it('refuses a missing or unknown key with 401 in OpenAI’s error shape', async () => {
    sim = await startAiSimulator();
    const refused = openAiClient(sim, { apiKey: 'sk-wrong-key-000000000000' }).chat.completions.create({
      model: AI.model,
      messages: ask('hi'),
    });
    await expect(refused).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    await expect(refused).rejects.toMatchObject({ status: 401, code: 'invalid_api_key' });

    const missing = await aiApi(sim, '/chat/completions', { model: AI.model, messages: ask('hi') }, null);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({
      error: {
        message: expect.stringMatching(/^You didn't provide an API key/),
        type: 'invalid_request_error',
        param: null,
        code: null,
      },
    });
    const unknown = await aiApi(sim, '/models', undefined, 'sk-wrong-key-000000000000');
    expect(await unknown.json()).toMatchObject({
      error: { message: expect.stringContaining('sk-wrong*************0000'), code: 'invalid_api_key' },
    });
  });

  it('lists the models it serves and answers another model with 404 model_not_found', async () => {
    sim = await startAiSimulator();
    sim.ai.addModel('sabai-translate');
    const client = openAiClient(sim);
    const models = [];
    for await (const model of client.models.list()) models.push(model);
    expect(models.map((m) => m.id)).toEqual([AI.model, 'sabai-translate']);
    expect(models[0]).toMatchObject({ object: 'model', owned_by: expect.any(String) });
    expect(await client.models.retrieve('sabai-translate')).toMatchObject({ id: 'sabai-translate' });

    const unknown = client.chat.completions.create({ model: 'gpt-nope', messages: ask('hi') });
    await expect(unknown).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    await expect(unknown).rejects.toMatchObject({
      status: 404,
      code: 'model_not_found',
      message: expect.stringContaining('The model `gpt-nope` does not exist'),
    });
    await expect(client.models.retrieve('gpt-nope')).rejects.toMatchObject({ status: 404 });
  });

  it('refuses bad bodies with 400 naming the parameter, and unknown paths with 404', async () => {
    sim = await startAiSimulator();
    const cases: [unknown, { param: string | null; code: string | null }][] = [
      [{ messages: ask('hi') }, { param: null, code: null }],
      [{ model: AI.model }, { param: 'messages', code: 'missing_required_parameter' }],
      [
        { model: AI.model, messages: [] },
        { param: 'messages', code: 'empty_array' },
      ],
      [
        { model: AI.model, messages: 'hi' },
        { param: 'messages', code: 'invalid_type' },
      ],
      [
        { model: AI.model, messages: [...ask('hi'), { role: 'robot', content: 'beep' }] },
        { param: 'messages[2].role', code: 'invalid_value' },
      ],
      [
        { model: AI.model, messages: [{ role: 'user', content: { text: 'hi' } }] },
        { param: 'messages[0].content', code: 'invalid_type' },
      ],
      [
        { model: AI.model, messages: [{ role: 'user' }] },
        { param: 'messages[0].content', code: 'missing_required_parameter' },
      ],
      [
        { model: AI.model, messages: ask('hi'), stream: 'yes' },
        { param: 'stream', code: 'invalid_type' },
      ],
    ];
    for (const [body, expected] of cases) {
      const response = await aiApi(sim, '/chat/completions', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toEqual({
        error: { message: expect.any(String), type: 'invalid_request_error', ...expected },
      });
    }
    const notJson = await fetch(`${sim.ai.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${AI.key}`, 'content-type': 'application/json' },
      body: '{"model":',
    });
    expect(notJson.status).toBe(400);

    const badRole = openAiClient(sim).chat.completions.create({
      model: AI.model,
      messages: [{ role: 'robot', content: 'beep' } as never],
    });
    await expect(badRole).rejects.toBeInstanceOf(OpenAI.BadRequestError);

    const nowhere = await aiApi(sim, '/embeddings', { model: AI.model, input: 'hi' });
    expect(nowhere.status).toBe(404);
    expect(await nowhere.json()).toMatchObject({
      error: { message: 'Invalid URL (POST /openai/v1/embeddings)', type: 'invalid_request_error' },
    });
  });
});

describe('model endpoint: scripted answers', () => {
  const answerOf = async (
    messages: OpenAI.ChatCompletionMessageParam[],
    extra: { temperature?: number } = {},
  ) => {
    const completion = await openAiClient(sim).chat.completions.create({
      model: AI.model,
      messages,
      ...extra,
    });
    return completion.choices[0]?.message.content;
  };

  it('answers with the first rule that matches: a substring, a pattern or a predicate of the request', async () => {
    sim = await startAiSimulator();
    sim.ai.answer('Translate Thai to English', 'Do you have size M?');
    sim.ai.answer(/refund/i, (request) => `Refund policy for: ${request.lastUserText}`);
    sim.ai.answer((request) => request.body.temperature === 0, 'Deterministic summary');

    expect(await answerOf(ask('มีไซซ์ M ไหมคะ', 'Translate Thai to English.'))).toBe('Do you have size M?');
    expect(await answerOf(ask('I want a REFUND'))).toBe('Refund policy for: I want a REFUND');
    // Both the first and second rule match: the first added wins.
    expect(await answerOf(ask('refund please', 'Translate Thai to English.'))).toBe('Do you have size M?');
    expect(await answerOf(ask('Summarise this issue'), { temperature: 0 })).toBe('Deterministic summary');
    // Assistant turns are not searched: only the instructions and what the customer side said.
    expect(
      await answerOf([
        { role: 'assistant', content: 'Our refund policy is…' },
        { role: 'user', content: 'ok thanks' },
      ]),
    ).toBe('[fake] ok thanks');

    sim.ai.clearAnswers();
    expect(await answerOf(ask('I want a refund'))).toBe('[fake] I want a refund');
  });

  it('streams a scripted Thai answer, written without spaces, in several deltas', async () => {
    sim = await startAiSimulator();
    const reply = 'สวัสดีค่ะ ขอบคุณที่ติดต่อร้านของเรานะคะ';
    sim.ai.answer('greet', reply);
    const stream = await openAiClient(sim).chat.completions.create({
      model: AI.model,
      messages: ask('hello', 'greet the customer'),
      stream: true,
    });
    const deltas: string[] = [];
    for await (const chunk of stream) {
      const content = chunk.choices[0]?.delta.content;
      if (content) deltas.push(content);
    }
    expect(deltas.length).toBeGreaterThanOrEqual(4);
    expect(deltas.join('')).toBe(reply);
  });

  it('reads the text parts of array contents', async () => {
    sim = await startAiSimulator();
    expect(
      await answerOf([
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is in' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
            { type: 'text', text: 'this slip?' },
          ],
        },
      ]),
    ).toBe('[fake] What is in\nthis slip?');
  });
});

describe('model endpoint: records', () => {
  it('records every request with its body and whether a key came, never the key', async () => {
    sim = await startAiSimulator();
    const wrongKey = 'sk-someone-elses-key-1234567890';
    await openAiClient(sim).chat.completions.create({ model: AI.model, messages: ask('Call me on [phone]') });
    await expect(
      openAiClient(sim, { apiKey: wrongKey }).chat.completions.create({
        model: AI.model,
        messages: ask('x'),
      }),
    ).rejects.toMatchObject({ status: 401 });
    await aiApi(sim, '/models', undefined, null);
    const stream = await openAiClient(sim).chat.completions.create({
      model: AI.model,
      messages: ask('streamed'),
      stream: true,
    });
    for await (const chunk of stream) expect(chunk).toBeDefined();

    const requests = sim.ai.requests();
    expect(requests.map((r) => [r.method, r.path, r.status, r.hasKey, r.outcome])).toEqual([
      ['POST', '/openai/v1/chat/completions', 200, true, 'completed'],
      ['POST', '/openai/v1/chat/completions', 401, true, 'completed'],
      ['GET', '/openai/v1/models', 401, false, 'completed'],
      ['POST', '/openai/v1/chat/completions', 200, true, 'completed'],
    ]);
    expect(requests[0]?.body).toEqual({ model: AI.model, messages: ask('Call me on [phone]') });
    expect(requests[3]?.body).toMatchObject({ stream: true });
    expect(requests[0]?.at).toBeLessThanOrEqual(sim.now());
    const recorded = JSON.stringify(requests);
    expect(recorded).not.toContain(AI.key);
    expect(recorded).not.toContain(wrongKey);

    expect(sim.ai.requests({ status: 401 })).toHaveLength(2);
    expect(sim.ai.requests({ method: 'get', path: '/models' })).toHaveLength(1);
    // Model requests are not API calls of LINE or Graph.
    expect(sim.calls()).toEqual([]);
  });

  it('forgets requests, answers and keys on reset; keepConfig keeps keys and models', async () => {
    sim = await startAiSimulator();
    sim.ai.addModel('sabai-summary');
    sim.ai.answer('hi', 'scripted');
    await openAiClient(sim).chat.completions.create({ model: AI.model, messages: ask('hi') });

    sim.reset({ keepConfig: true });
    expect(sim.ai.requests()).toEqual([]);
    const kept = await openAiClient(sim).chat.completions.create({
      model: 'sabai-summary',
      messages: ask('hi'),
    });
    expect(kept.choices[0]?.message.content).toBe('[fake] hi');
    expect(sim.describe().ai).toEqual({
      baseUrl: `${sim.url}/openai/v1`,
      keys: [AI.key],
      models: [AI.model, 'sabai-summary'],
    });

    sim.reset();
    await expect(
      openAiClient(sim).chat.completions.create({ model: AI.model, messages: ask('hi') }),
    ).rejects.toMatchObject({ status: 401 });
    expect(sim.describe().ai.models).toEqual([AI.model]);
  });
});
