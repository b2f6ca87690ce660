import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/app';
import { buildOrganization, buildUser, signIn, type TestOrg } from '../../../test/factories';
import { SIGNED_FILE_PATH, uploadAttachment } from '../../../test/files';
import { roles } from '../../db/schema';

let t: TestApp;
let org: TestOrg;
let admin: string;
let seq = 0;

beforeAll(async () => {
  t = await startTestApp();
  org = await buildOrganization(t);
  admin = (await signIn(t, await buildUser(t, org, 'Admin'))).accessToken;
});

const createCategory = (token: string, name = `Category ${++seq}`) =>
  call(t.app, 'POST', '/api/v1/canned-categories', { token, body: { name } });
const createResponse = (token: string, body: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/v1/canned-responses', {
    token,
    body: { name: `Response ${++seq}`, message: 'สวัสดีค่ะ ยินดีให้บริการ', ...body },
  });

const upload = async (token: string) =>
  (
    await uploadAttachment(t, token, {
      name: 'price.pdf',
      type: 'application/pdf',
      content: Buffer.from('%PDF-1.4 price list'),
    })
  ).id;

describe('canned responses with scope all', () => {
  it('creates shared categories and responses with attachments, edits and deletes them', async () => {
    const category = await createCategory(admin, 'Greetings');
    expect(category.statusCode).toBe(201);
    expect(category.json()).toMatchObject({
      name: 'Greetings',
      isShared: true,
      owner: null,
      responseCount: 0,
      canUpdate: true,
    });
    const fileId = await upload(admin);
    const res = await createResponse(admin, {
      categoryId: category.json().id,
      name: 'Welcome',
      fileIds: [fileId],
    });
    expect(res.statusCode).toBe(201);
    const response = res.json();
    expect(response).toMatchObject({
      name: 'Welcome',
      message: 'สวัสดีค่ะ ยินดีให้บริการ',
      category: { id: category.json().id, name: 'Greetings' },
      attachments: [
        {
          id: fileId,
          url: expect.stringMatching(SIGNED_FILE_PATH),
          filename: 'price.pdf',
          mimeType: 'application/pdf',
        },
      ],
      isShared: true,
    });
    // The attachment's link names this file and serves it.
    const link = response.attachments[0].url as string;
    expect(link.startsWith(`/files/${fileId}?`)).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: link });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    const edited = await call(t.app, 'PUT', `/api/v1/canned-responses/${response.id}`, {
      token: admin,
      body: {
        categoryId: category.json().id,
        name: 'Welcome!',
        message: 'Hello',
        fileIds: [],
        quickReplies: [
          { type: 'text', label: 'Order', text: 'I want to order' },
          { type: 'date', label: 'Delivery day' },
        ],
      },
    });
    expect(edited.json()).toMatchObject({
      name: 'Welcome!',
      message: 'Hello',
      attachments: [],
      quickReplies: [
        { type: 'text', label: 'Order', text: 'I want to order' },
        { type: 'date', label: 'Delivery day' },
      ],
    });
    const tooMany = await call(t.app, 'PUT', `/api/v1/canned-responses/${response.id}`, {
      token: admin,
      body: {
        categoryId: category.json().id,
        name: 'Welcome!',
        message: 'Hello',
        quickReplies: Array.from({ length: 14 }, (_, i) => ({ type: 'postback', label: `B${i}` })),
      },
    });
    expect(tooMany.statusCode).toBe(400);
    const renamed = await call(t.app, 'PUT', `/api/v1/canned-categories/${category.json().id}`, {
      token: admin,
      body: { name: 'Hellos' },
    });
    expect(renamed.json()).toMatchObject({ name: 'Hellos', responseCount: 1 });
    expect(
      (await call(t.app, 'DELETE', `/api/v1/canned-responses/${response.id}`, { token: admin })).statusCode,
    ).toBe(204);
    expect(
      (await call(t.app, 'GET', `/api/v1/canned-responses/${response.id}`, { token: admin })).statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, 'DELETE', `/api/v1/canned-categories/${category.json().id}`, { token: admin }))
        .statusCode,
    ).toBe(204);
  });

  it('requires names, a message and a category; messages up to 500 letters', async () => {
    expect((await createCategory(admin, ' ')).json().error.code).toBe('validation.failed');
    const categoryId = (await createCategory(admin)).json().id;
    for (const body of [{ categoryId, name: '' }, { categoryId, message: '' }, { categoryId: undefined }]) {
      const res = await createResponse(admin, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation.failed');
    }
    // 500 Thai letters (with their vowel and tone marks) fit; 501 do not.
    expect((await createResponse(admin, { categoryId, message: 'ก่'.repeat(250) })).statusCode).toBe(201);
    const long = await createResponse(admin, { categoryId, message: 'ก'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.code).toBe('canned.message_too_long');
  });

  it('refuses duplicate categories and responses, any case', async () => {
    const first = await createCategory(admin, 'Shipping');
    const dup = await createCategory(admin, 'SHIPPING');
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('canned.category_exists');
    const categoryId = first.json().id;
    expect((await createResponse(admin, { categoryId, name: 'Tracking' })).statusCode).toBe(201);
    const dupResponse = await createResponse(admin, { categoryId, name: 'tracking' });
    expect(dupResponse.statusCode).toBe(409);
    expect(dupResponse.json().error.code).toBe('canned.response_exists');
    // The same name in another category is another response.
    const other = (await createCategory(admin)).json().id;
    expect((await createResponse(admin, { categoryId: other, name: 'Tracking' })).statusCode).toBe(201);
  });

  it('searches, filters by category, sorts and pages', async () => {
    const own = await buildOrganization(t);
    const token = (await signIn(t, await buildUser(t, own, 'Admin'))).accessToken;
    const greetings = (await createCategory(token, 'Greetings')).json().id;
    const shipping = (await createCategory(token, 'Shipping')).json().id;
    for (const [categoryId, name] of [
      [shipping, 'Tracking'],
      [greetings, 'Welcome'],
      [shipping, 'Delivery time'],
    ] as const) {
      await createResponse(token, { categoryId, name });
    }
    const names = async (q: string) =>
      (await call(t.app, 'GET', `/api/v1/canned-responses?${q}`, { token }))
        .json()
        .items.map((r: { name: string }) => r.name);
    expect(await names('')).toEqual(['Delivery time', 'Tracking', 'Welcome']);
    const byCategory = await names('sort=category&order=desc');
    expect(byCategory.slice(0, 2).sort()).toEqual(['Delivery time', 'Tracking']);
    expect(byCategory[2]).toBe('Welcome');
    expect(await names(`categoryId=${shipping}`)).toEqual(['Delivery time', 'Tracking']);
    expect(await names('pageSize=2&page=2')).toEqual(['Welcome']);
    expect(await names('search=track')).toEqual(['Tracking']);
    // Another organisation's response matching the search stays out (the search is inside the org filter).
    const otherToken = (await signIn(t, await buildUser(t, await buildOrganization(t), 'Admin'))).accessToken;
    const otherCategory = (await createCategory(otherToken, 'Other')).json().id;
    await createResponse(otherToken, {
      categoryId: otherCategory,
      name: 'Parcel',
      message: 'track your parcel',
    });
    expect(await names('search=track')).toEqual(['Tracking']);
    const categories = (await call(t.app, 'GET', '/api/v1/canned-categories?order=desc', { token })).json();
    expect(categories).toMatchObject({
      total: 2,
      items: [
        { name: 'Shipping', responseCount: 2 },
        { name: 'Greetings', responseCount: 1 },
      ],
    });
  });

  it('refuses files of another organisation', async () => {
    const otherAdmin = (await signIn(t, await buildUser(t, await buildOrganization(t), 'Admin'))).accessToken;
    const foreignFile = await upload(otherAdmin);
    const categoryId = (await createCategory(admin)).json().id;
    const res = await createResponse(admin, { categoryId, fileIds: [foreignFile] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('file.not_found');
  });
});

describe('canned responses with scope myCanned', () => {
  it('staff manage their own, read the shared ones, and never see another staff member’s', async () => {
    const own = await buildOrganization(t);
    const adminToken = (await signIn(t, await buildUser(t, own, 'Admin'))).accessToken;
    const somsak = await buildUser(t, own, 'Staff', { firstName: 'Somsak' });
    const somsakToken = (await signIn(t, somsak)).accessToken;
    const suda = (await signIn(t, await buildUser(t, own, 'Staff'))).accessToken;

    const shared = (await createCategory(adminToken, 'Shared')).json();
    const sharedResponse = (
      await createResponse(adminToken, { categoryId: shared.id, name: 'Hours', message: 'เปิด 9 โมง' })
    ).json();
    const mine = await createCategory(somsakToken, 'Shared'); // another owner: not a duplicate
    expect(mine.statusCode).toBe(201);
    expect(mine.json()).toMatchObject({
      isShared: false,
      owner: { id: somsak.id, displayName: 'Somsak Tester' },
      canUpdate: true,
    });
    const myResponse = (
      await createResponse(somsakToken, { categoryId: mine.json().id, name: 'Mine', message: 'ส่งของพรุ่งนี้' })
    ).json();
    const sudaCategory = (await createCategory(suda, 'Suda')).json();
    const sudaResponse = (
      await createResponse(suda, { categoryId: sudaCategory.id, message: 'ของ Suda' })
    ).json();

    const categories = (await call(t.app, 'GET', '/api/v1/canned-categories', { token: somsakToken })).json();
    expect(categories.items.map((c: { id: string }) => c.id).sort()).toEqual(
      [shared.id, mine.json().id].sort(),
    );
    const responses = (await call(t.app, 'GET', '/api/v1/canned-responses', { token: somsakToken })).json();
    expect(responses.items.map((r: { id: string }) => r.id).sort()).toEqual(
      [sharedResponse.id, myResponse.id].sort(),
    );
    expect(responses.items.find((r: { id: string }) => r.id === sharedResponse.id)).toMatchObject({
      isShared: true,
      canUpdate: false,
      canDelete: false,
    });
    // The composer's search: name or message, Thai included.
    const search = (
      await call(t.app, 'GET', `/api/v1/canned-responses?search=${encodeURIComponent('ส่งของ')}`, {
        token: somsakToken,
      })
    ).json();
    expect(search.items.map((r: { id: string }) => r.id)).toEqual([myResponse.id]);

    const notAllowed = (res: {
      statusCode: number;
      json(): { error: { code: string; message: string } };
    }) => {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({
        code: 'canned.not_found',
        message: 'Canned response not found or not allowed.',
      });
    };
    const body = { categoryId: shared.id, name: 'x', message: 'y' };
    notAllowed(
      await call(t.app, 'PUT', `/api/v1/canned-responses/${sharedResponse.id}`, { token: somsakToken, body }),
    );
    notAllowed(
      await call(t.app, 'DELETE', `/api/v1/canned-responses/${sharedResponse.id}`, { token: somsakToken }),
    );
    notAllowed(await call(t.app, 'DELETE', `/api/v1/canned-categories/${shared.id}`, { token: somsakToken }));
    notAllowed(await createResponse(somsakToken, { categoryId: shared.id }));
    notAllowed(
      await call(t.app, 'GET', `/api/v1/canned-responses/${sudaResponse.id}`, { token: somsakToken }),
    );
    notAllowed(
      await call(t.app, 'PUT', `/api/v1/canned-categories/${sudaCategory.id}`, {
        token: somsakToken,
        body: { name: 'z' },
      }),
    );

    // Scope all sees and manages everyone's.
    const all = (await call(t.app, 'GET', '/api/v1/canned-responses', { token: adminToken })).json();
    expect(all.total).toBe(3);
    const edited = await call(t.app, 'PUT', `/api/v1/canned-responses/${sudaResponse.id}`, {
      token: adminToken,
      body: { categoryId: sudaCategory.id, name: 'Edited', message: 'by admin' },
    });
    expect(edited.json()).toMatchObject({ name: 'Edited', isShared: false });
  });

  it('is 401 without a token, 403 without a canned grant, 404 for another organisation', async () => {
    const own = await buildOrganization(t);
    await t.db.orm
      .update(roles)
      .set({ permissions: { issue: { view: 'myIssue' } } })
      .where(eq(roles.id, own.roles.Staff));
    const ungranted = (await signIn(t, await buildUser(t, own, 'Staff'))).accessToken;
    expect((await call(t.app, 'GET', '/api/v1/canned-responses')).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/v1/canned-responses', { token: ungranted })).statusCode).toBe(403);
    expect((await createCategory(ungranted)).statusCode).toBe(403);
    const categoryId = (await createCategory(admin)).json().id;
    const responseId = (await createResponse(admin, { categoryId })).json().id;
    const otherAdmin = (await signIn(t, await buildUser(t, own, 'Admin'))).accessToken;
    expect(
      (await call(t.app, 'GET', `/api/v1/canned-responses/${responseId}`, { token: otherAdmin })).statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, 'DELETE', `/api/v1/canned-categories/${categoryId}`, { token: otherAdmin }))
        .statusCode,
    ).toBe(404);
    expect((await createResponse(otherAdmin, { categoryId })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/v1/canned-responses', { token: otherAdmin })).json().total).toBe(
      0,
    );
  });
});
