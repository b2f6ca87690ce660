import { afterEach, describe, expect, it } from 'vitest';
import { LINE, META, lineApi, startHarness } from '../test-support/fixtures';
import type { Harness } from '../test-support/fixtures';
import { AdminClient, AdminRequestError } from './client';

let harness: Harness;
afterEach(() => harness.close());

describe('admin API', () => {
  it('configures a channel at run time and plays customers through HTTP', async () => {
    harness = await startHarness();
    const { sim, receiver } = harness;
    const admin = new AdminClient(sim.url);
    await admin.addLineChannel({
      channelId: '1650000009',
      channelSecret: 'runtime-secret',
      accessToken: 'runtime-token',
      botUserId: `U${'9'.repeat(32)}`,
      webhookUrl: `${receiver.url}/line/1650000009`,
    });
    const png = Buffer.from('fake-png').toString('base64');
    const delivery = await admin.lineEvents('1650000009', [
      { type: 'text', userId: LINE.bob, text: 'hello from the CLI' },
      { type: 'image', userId: LINE.bob, content: png, contentType: 'image/png' },
    ]);
    expect(delivery).toMatchObject({ ok: true, status: 200 });
    expect(receiver.requests.at(-1)?.path).toBe('/line/1650000009');
    const imageId = delivery.body.events[1]?.message?.id ?? '';
    const content = await lineApi(sim, `/v2/bot/message/${imageId}/content`, { token: 'runtime-token' });
    expect(Buffer.from(await content.arrayBuffer()).toString()).toBe('fake-png');

    const story = await admin.instagramEvents([
      { type: 'story_reply', accountId: META.igId, userId: META.igsid, text: 'ดีมากค่ะ' },
    ]);
    expect(story.body.entry[0]?.messaging[0]?.message?.text).toBe('ดีมากค่ะ');
    expect(await admin.calls({ platform: 'line' })).toHaveLength(1);
    expect((await admin.deliveries()).map((d) => d.platform)).toEqual(['line', 'meta']);
    expect((await admin.describe()).line.channels.map((c) => c.channelId)).toEqual([
      LINE.channelId,
      '1650000009',
    ]);
  });

  it('answers bad input with 400 and its issues, unknown channels with 404', async () => {
    harness = await startHarness();
    const admin = new AdminClient(harness.sim.url);
    await expect(
      admin.lineEvents(LINE.channelId, [{ type: 'text', userId: LINE.alice } as never]),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      admin.lineEvents('404', [{ type: 'text', userId: LINE.alice, text: 'x' }]),
    ).rejects.toBeInstanceOf(AdminRequestError);
    await expect(
      admin.lineEvents('404', [{ type: 'text', userId: LINE.alice, text: 'x' }]),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('delivers events held up on the way with the time the customer acted', async () => {
    harness = await startHarness();
    const admin = new AdminClient(harness.sim.url);
    const { now } = await admin.advance(1_000);
    const text = { type: 'text' as const, userId: LINE.alice, text: 'sent a while ago' };
    const late = (await admin.lineEvents(LINE.channelId, [text], { heldUpMs: 40_000 })).body.events[0];
    const onTime = (await admin.lineEvents(LINE.channelId, [text])).body.events[0];
    // The simulator's clock runs on between the calls: the held-up event is 40 s older than its delivery.
    expect(late!.timestamp).toBeGreaterThanOrEqual(now - 40_000);
    expect(onTime!.timestamp - late!.timestamp).toBeGreaterThanOrEqual(40_000);
    await expect(admin.lineEvents(LINE.channelId, [text], { heldUpMs: -1 })).rejects.toMatchObject({
      status: 400,
    });
  });

  it('resets history and time but can keep the configuration', async () => {
    harness = await startHarness();
    const { sim } = harness;
    await sim.line.text(LINE.channelId, LINE.alice, 'before');
    sim.advance(60_000);
    const admin = new AdminClient(sim.url);
    await admin.reset(true);
    expect(sim.deliveries()).toEqual([]);
    expect(sim.describe().offsetMs).toBe(0);
    expect((await sim.line.text(LINE.channelId, LINE.alice, 'after')).ok).toBe(true);
    await admin.reset();
    expect(sim.describe().line.channels).toEqual([]);
  });

  it('makes LINE answer late, or fail at a rate, through the admin API', async () => {
    harness = await startHarness();
    const { sim } = harness;
    const put = (path: string, method: string, body: unknown) =>
      fetch(`${sim.url}/__admin${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const profile = async () => {
      const started = performance.now();
      const res = await lineApi(sim, `/v2/bot/profile/${LINE.alice}`);
      return { status: res.status, ms: performance.now() - started };
    };

    const fault = { count: 1, fault: { delayMs: 300 }, pathIncludes: '/v2/bot/profile/' };
    expect((await put('/line/fail-next', 'POST', fault)).status).toBe(200);
    const late = await profile();
    expect(late).toMatchObject({ status: 200 });
    expect(late.ms).toBeGreaterThanOrEqual(300);

    expect((await put('/line/conditions', 'PUT', { latencyMs: { min: 100, max: 150 } })).status).toBe(200);
    expect((await profile()).ms).toBeGreaterThanOrEqual(100);
    expect((await put('/line/conditions', 'PUT', { errorRate: 1 })).status).toBe(200);
    expect((await profile()).status).toBe(500);
    expect((await put('/line/conditions', 'PUT', {})).status).toBe(200);
    expect((await profile()).status).toBe(200);
    expect((await put('/line/conditions', 'PUT', { errorRate: 2 })).status).toBe(400);
  });
});
