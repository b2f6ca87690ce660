import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage, KbArticle, KbImportResult, KbSearchHit } from '@sabai/contracts';
import { call, startTestApp, XSRF, type TestApp } from '../../../test/app';
import { buildOrganization, buildUser, signIn, type TestOrg } from '../../../test/factories';
import { tags } from '../../db/schema';
import { searchArticles } from './index';

let t: TestApp;
let org: TestOrg;
let admin: string;
let staff: string;
let manager: string;
let otherAdmin: string;
let shippingTag: string;
let returnsTag: string;

const RETURNS_TH = {
  title: 'นโยบายการคืนสินค้า',
  body: 'ลูกค้าสามารถคืนสินค้าได้ภายใน 7 วันหลังได้รับสินค้า โดยสินค้าต้องอยู่ในสภาพเดิมพร้อมป้ายราคา ร้านจะโอนเงินคืนภายใน 3 วันทำการ',
  language: 'th',
  status: 'published',
};
const DELIVERY_TH = {
  title: 'ระยะเวลาจัดส่ง',
  body: 'จัดส่งในกรุงเทพฯ 1-2 วัน ต่างจังหวัด 2-4 วัน สั่งก่อนบ่ายสองโมงส่งภายในวันเดียวกัน',
  language: 'th',
  status: 'published',
};
const RETURNS_EN = {
  title: 'Returns and refunds',
  body: 'You can return an item within 7 days of delivery if it is unused and still has its price tag. Refunds are paid to your bank account within 3 working days.',
  language: 'en',
  status: 'published',
};
const HOURS_EN = {
  title: 'Opening hours',
  body: 'Our shop and chat support are open every day from 9:00 to 20:00, public holidays included.',
  language: 'en',
  status: 'published',
};

beforeAll(async () => {
  t = await startTestApp();
  org = await buildOrganization(t);
  admin = (await signIn(t, await buildUser(t, org, 'Admin'))).accessToken;
  staff = (await signIn(t, await buildUser(t, org, 'Staff'))).accessToken;
  manager = (await signIn(t, await buildUser(t, org, 'Manager'))).accessToken;
  const other = await buildOrganization(t);
  otherAdmin = (await signIn(t, await buildUser(t, other, 'Admin'))).accessToken;
  const made = await t.db.orm
    .insert(tags)
    .values([
      { organizationId: org.id, name: 'Shipping', colour: '#1677ff' },
      { organizationId: org.id, name: 'คืนสินค้า', colour: '#fa541c' },
    ])
    .returning({ id: tags.id });
  [shippingTag, returnsTag] = made.map((m) => m.id) as [string, string];
});

const create = (token: string, body: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/v1/knowledge-base/articles', { token, body });
const search = async (token: string, q: string, extra = '') => {
  const res = await call(t.app, 'GET', `/api/v1/knowledge-base/search?q=${encodeURIComponent(q)}${extra}`, {
    token,
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ items: KbSearchHit[] }>().items;
};
const upload = (token: string, path: string, content: string | Buffer) => {
  const boundary = '----sabai-kb';
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/knowledge-base/${path}`,
    headers: {
      authorization: `Bearer ${token}`,
      cookie: `XSRF-TOKEN=${XSRF}`,
      'x-xsrf-token': XSRF,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="articles.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.isBuffer(content) ? content : Buffer.from(content),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
};

describe('knowledge base articles', () => {
  it('are created, read, edited and deleted by an admin, with tags, and every change is audited', async () => {
    const res = await create(admin, { ...RETURNS_TH, tagIds: [returnsTag] });
    expect(res.statusCode).toBe(201);
    const article = res.json<KbArticle>();
    expect(article).toMatchObject({
      title: RETURNS_TH.title,
      language: 'th',
      status: 'published',
      tags: [{ id: returnsTag, name: 'คืนสินค้า' }],
      createdBy: { displayName: 'Admin Tester' },
    });
    expect(typeof article.id).toBe('number');

    const edited = await call(t.app, 'PUT', `/api/v1/knowledge-base/articles/${article.id}`, {
      token: admin,
      body: { ...RETURNS_TH, title: 'คืนสินค้าภายใน 7 วัน', status: 'draft', tagIds: [shippingTag] },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      title: 'คืนสินค้าภายใน 7 วัน',
      status: 'draft',
      tags: [{ name: 'Shipping' }],
    });

    const list = await call(t.app, 'GET', '/api/v1/knowledge-base/articles?status=draft', { token: admin });
    expect(list.json<{ items: KbArticle[] }>().items.map((a) => a.id)).toContain(article.id);
    const byTag = await call(t.app, 'GET', `/api/v1/knowledge-base/articles?tagId=${returnsTag}`, {
      token: admin,
    });
    expect(byTag.json<{ items: KbArticle[] }>().items.map((a) => a.id)).not.toContain(article.id);

    const audit = (
      await call(t.app, 'GET', '/api/v1/audit-log?area=knowledge_base', { token: admin })
    ).json<AuditPage>();
    const update = audit.items.find((e) => e.action === 'update' && e.subject.id === String(article.id));
    expect(update?.changes).toEqual(
      expect.arrayContaining([
        { field: 'title', before: RETURNS_TH.title, after: 'คืนสินค้าภายใน 7 วัน' },
        { field: 'status', before: 'published', after: 'draft' },
      ]),
    );
    expect(audit.items.some((e) => e.action === 'create' && e.subject.label === RETURNS_TH.title)).toBe(true);

    const del = await call(t.app, 'DELETE', `/api/v1/knowledge-base/articles/${article.id}`, {
      token: admin,
    });
    expect(del.statusCode).toBe(204);
    const gone = await call(t.app, 'GET', `/api/v1/knowledge-base/articles/${article.id}`, { token: admin });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.code).toBe('kb.not_found');
  });

  it('refuses invalid input with a stable code and stores nothing', async () => {
    const long = await create(admin, { ...RETURNS_EN, title: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    const bodyTooLong = await create(admin, { ...RETURNS_EN, body: 'y'.repeat(20_001) });
    expect(bodyTooLong.statusCode).toBe(400);
    const language = await create(admin, { ...RETURNS_EN, language: 'fr' });
    expect(language.statusCode).toBe(400);
    const foreignTag = await create(otherAdmin, { ...RETURNS_EN, tagIds: [shippingTag] });
    expect(foreignTag.statusCode).toBe(400);
    expect(foreignTag.json().error.code).toBe('kb.tag_not_found');
    const list = await call(t.app, 'GET', '/api/v1/knowledge-base/articles', { token: otherAdmin });
    expect(list.json().total).toBe(0);
  });

  it('keeps each organisation to its own articles: another one answers 404', async () => {
    const mine = (await create(admin, { ...HOURS_EN, title: 'Private hours' })).json<KbArticle>();
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { ...HOURS_EN, tagIds: [] }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(t.app, method, `/api/v1/knowledge-base/articles/${mine.id}`, {
        token: otherAdmin,
        body,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('kb.not_found');
    }
    expect(await search(otherAdmin, 'Private hours')).toEqual([]);
    const still = await call(t.app, 'GET', `/api/v1/knowledge-base/articles/${mine.id}`, { token: admin });
    expect(still.json().title).toBe('Private hours');
  });

  it('lets agents search published articles but not write or list drafts', async () => {
    for (const token of [staff, manager]) {
      expect((await create(token, RETURNS_EN)).statusCode).toBe(403);
      expect((await call(t.app, 'GET', '/api/v1/knowledge-base/articles', { token })).statusCode).toBe(403);
      expect((await upload(token, 'import', 'title,body,language\na,b,en')).statusCode).toBe(403);
    }
    await create(admin, { ...HOURS_EN, title: 'Secret draft about opening hours', status: 'draft' });
    const hits = await search(staff, 'opening hours');
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.some((h) => h.title.startsWith('Secret draft'))).toBe(false);
    expect((await call(t.app, 'GET', '/api/v1/knowledge-base/search?q=', { token: staff })).statusCode).toBe(
      400,
    );
  });
});

describe('knowledge base search', () => {
  let s: TestOrg;
  let token: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    s = await buildOrganization(t);
    token = (await signIn(t, await buildUser(t, s, 'Admin'))).accessToken;
    for (const [key, a] of Object.entries({ RETURNS_TH, DELIVERY_TH, RETURNS_EN, HOURS_EN })) {
      ids[key] = (await create(token, a)).json<KbArticle>().id;
    }
    ids.DRAFT = (
      await create(token, { ...RETURNS_TH, title: 'ร่าง: คืนสินค้าแบบใหม่', status: 'draft' })
    ).json<KbArticle>().id;
  });

  it('finds a Thai article by a Thai phrase inside its run-on text, best first', async () => {
    const hits = await searchArticles(t.db.orm, s.id, 'คืนสินค้า');
    expect(hits[0]).toMatchObject({ id: ids.RETURNS_TH, language: 'th' });
    expect(hits[0]!.score).toBe(1);
    // Asked as a customer would, with particles and other words around it.
    const asked = await searchArticles(t.db.orm, s.id, 'อยากคืนสินค้าต้องทำยังไงคะ');
    expect(asked[0]!.id).toBe(ids.RETURNS_TH);
    expect(asked[0]!.score).toBeGreaterThanOrEqual(0.5);
    const delivery = await searchArticles(t.db.orm, s.id, 'จัดส่งกี่วัน');
    expect(delivery[0]!.id).toBe(ids.DELIVERY_TH);
  });

  it('finds English articles by word stems and misspellings, and ranks the title match first', async () => {
    const hits = await searchArticles(t.db.orm, s.id, 'How do I return items?');
    expect(hits[0]!.id).toBe(ids.RETURNS_EN);
    expect(hits[0]!.score).toBeGreaterThanOrEqual(0.5);
    const refunds = await searchArticles(t.db.orm, s.id, 'refund');
    expect(refunds[0]).toMatchObject({ id: ids.RETURNS_EN, score: 1 });
    const typo = await searchArticles(t.db.orm, s.id, 'opening hous');
    expect(typo[0]!.id).toBe(ids.HOURS_EN);
    expect(typo[0]!.score).toBeGreaterThan(0.3);
  });

  it('scores unrelated queries below 0.3 and below a matching one', async () => {
    const matching = (await searchArticles(t.db.orm, s.id, 'return policy'))[0]!.score;
    for (const q of ['weather forecast tomorrow', 'พยากรณ์อากาศพรุ่งนี้', 'the and of']) {
      const best = (await searchArticles(t.db.orm, s.id, q))[0]?.score ?? 0;
      expect(best).toBeLessThan(0.3);
      expect(best).toBeLessThan(matching);
    }
  });

  it('leaves drafts out unless asked, and keeps to a language when asked', async () => {
    const published = await searchArticles(t.db.orm, s.id, 'คืนสินค้าแบบใหม่');
    expect(published.map((h) => h.id)).not.toContain(ids.DRAFT);
    const all = await searchArticles(t.db.orm, s.id, 'คืนสินค้าแบบใหม่', { includeDrafts: true });
    expect(all[0]!.id).toBe(ids.DRAFT);
    const english = await searchArticles(t.db.orm, s.id, 'คืนสินค้า 7 days', { language: 'en' });
    expect(english.every((h) => h.language === 'en')).toBe(true);
    expect(await searchArticles(t.db.orm, s.id, '   ')).toEqual([]);
  });

  it('ranks the settings list by relevance when words are given', async () => {
    const res = await call(
      t.app,
      'GET',
      `/api/v1/knowledge-base/articles?search=${encodeURIComponent('คืนสินค้า')}`,
      {
        token,
      },
    );
    const items = res.json<{ items: KbArticle[] }>().items;
    // Both have the words in their title: the draft (listed here, for admins) and the published one.
    expect(
      items
        .slice(0, 2)
        .map((a) => a.id)
        .sort(),
    ).toEqual([ids.RETURNS_TH, ids.DRAFT].sort());
    expect(items.map((a) => a.id)).not.toContain(ids.HOURS_EN);
  });
});

describe('knowledge base CSV import', () => {
  const csv = [
    '\uFEFFtitle,body,language,tags,status',
    '"วิธีชำระเงิน","โอนผ่านธนาคาร, พร้อมเพย์ หรือบัตรเครดิต",th,Shipping,published',
    ',no title,en,,',
    '"Payment methods","Bank transfer, PromptPay or card.\nCash on delivery in Bangkok.",EN,"shipping; คืนสินค้า",',
    'Bad language,text,fr,,',
    'Unknown tag,text,en,Nope,',
    'Bad status,text,en,,archived',
  ].join('\r\n');

  it('previews without storing, then creates the good rows and lists the bad ones by line', async () => {
    const preview = await upload(admin, 'import/preview', csv);
    expect(preview.statusCode).toBe(200);
    const p = preview.json<KbImportResult>();
    expect(p.dryRun).toBe(true);
    expect(p.created).toEqual([
      { line: 2, id: null, title: 'วิธีชำระเงิน' },
      { line: 4, id: null, title: 'Payment methods' },
    ]);
    const before = (
      await call(t.app, 'GET', '/api/v1/knowledge-base/articles?pageSize=100', { token: admin })
    ).json().total;

    const res = await upload(admin, 'import', csv);
    expect(res.statusCode).toBe(200);
    const r = res.json<KbImportResult>();
    expect(r.created.map((c) => c.line)).toEqual([2, 4]);
    expect(r.rejected).toEqual([
      { line: 3, title: '', code: 'kb.import.title_invalid' },
      { line: 6, title: 'Bad language', code: 'kb.import.language_invalid' },
      { line: 7, title: 'Unknown tag', code: 'kb.import.tag_unknown' },
      { line: 8, title: 'Bad status', code: 'kb.import.status_invalid' },
    ]);
    const payment = (
      await call(t.app, 'GET', `/api/v1/knowledge-base/articles/${r.created[1]!.id}`, { token: admin })
    ).json<KbArticle>();
    expect(payment).toMatchObject({
      title: 'Payment methods',
      body: 'Bank transfer, PromptPay or card.\nCash on delivery in Bangkok.',
      language: 'en',
      status: 'draft',
    });
    expect(payment.tags.map((x) => x.name).sort()).toEqual(['Shipping', 'คืนสินค้า']);
    const after = (
      await call(t.app, 'GET', '/api/v1/knowledge-base/articles?pageSize=100', { token: admin })
    ).json().total;
    expect(after).toBe(before + 2);
    const audit = (
      await call(t.app, 'GET', '/api/v1/audit-log?area=knowledge_base', { token: admin })
    ).json<AuditPage>();
    expect(audit.items.some((e) => e.action === 'import' && e.outcome === 'ok')).toBe(true);
  });

  it('refuses a file without the columns, with no rows, not UTF-8, or too large', async () => {
    const code = async (content: string | Buffer) => {
      const res = await upload(admin, 'import', content);
      return [res.statusCode, res.json().error.code];
    };
    expect(await code('name,text\na,b')).toEqual([400, 'kb.import.columns_missing']);
    expect(await code('title,body,language\r\n')).toEqual([400, 'kb.import.empty']);
    expect(await code(Buffer.from([0x74, 0x69, 0x74, 0x6c, 0x65, 0x0a, 0xff, 0xfe, 0x0a]))).toEqual([
      400,
      'kb.import.not_csv',
    ]);
    expect(await code('title,body,language\n"never closed,b,en')).toEqual([400, 'kb.import.not_csv']);
    const rows = Array.from({ length: 501 }, (_, i) => `t${i},b,en`).join('\n');
    expect(await code(`title,body,language\n${rows}`)).toEqual([400, 'kb.import.too_many_rows']);
    const big = `title,body,language\n${'a,b,en\n'.repeat(400_000)}`;
    expect(await code(big)).toEqual([413, 'file.too_large']);
  });
});
