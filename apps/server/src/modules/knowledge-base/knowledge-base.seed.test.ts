// The demo organisation's articles are there for the composer's search and the AI features to find.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { organizations } from '../../db/schema';
import { DEMO_ORG, seedDemo } from '../../db/seed';
import { searchArticles } from './index';

let t: TestApp;
let demoOrgId: string;

beforeAll(async () => {
  t = await startTestApp();
  await seedDemo(t.db, t.deps.cipher);
  const [demo] = await t.db.orm.select().from(organizations).where(eq(organizations.name, DEMO_ORG));
  demoOrgId = demo!.id;
});

describe('the demo knowledge base', () => {
  it('answers common questions in Thai and English with the right article', async () => {
    const best = async (q: string) => (await searchArticles(t.db.orm, demoOrgId, q))[0];
    expect(await best('คืนสินค้าได้ไหมคะ')).toMatchObject({ title: 'นโยบายการคืนสินค้าและคืนเงิน', tags: ['Refund'] });
    expect((await best('ส่งของกี่วันถึงต่างจังหวัด'))?.title).toBe('ระยะเวลาจัดส่งสินค้า');
    expect((await best('ร้านเปิดกี่โมง'))?.title).toBe('เวลาทำการของร้าน');
    expect((await best('Can I pay cash on delivery?'))?.title).toBe('Payment methods');
    expect((await best('how long does delivery take'))?.title).toBe('Delivery times');
    expect((await best('refund'))?.score).toBeGreaterThanOrEqual(0.3);
    // The draft is not offered.
    expect((await searchArticles(t.db.orm, demoOrgId, 'โปรโมชันสมาชิก VIP')).map((h) => h.title)).not.toContain(
      'โปรโมชันสมาชิก VIP (ร่าง)',
    );
  });

  it('is seeded once', async () => {
    expect(await seedDemo(t.db, t.deps.cipher)).toBe(false);
    expect(
      (await searchArticles(t.db.orm, demoOrgId, 'Opening hours', { limit: 50 })).filter(
        (h) => h.title === 'Opening hours',
      ),
    ).toHaveLength(1);
  });
});
