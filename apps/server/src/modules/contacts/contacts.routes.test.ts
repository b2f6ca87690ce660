import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/app';
import { buildContactWorkspace } from '../../../test/contacts';
import { buildOrganization, buildUser, signIn } from '../../../test/factories';
import { rowsOf } from '../../platform/db';

let t: TestApp;
let w: Awaited<ReturnType<typeof buildContactWorkspace>>;
let admin: string;
const ids: Record<'A' | 'B' | 'C' | 'D', string> = { A: '', B: '', C: '', D: '' };

beforeAll(async () => {
  t = await startTestApp();
  w = await buildContactWorkspace(t);
  admin = await w.tokenOf(w.admin);
  ids.A = (
    await w.addContact({
      displayName: 'สมชาย',
      name: 'Somchai Jaidee',
      email: 'somchai@example.com',
      mobileNumber: '0812345678',
      gender: 'male',
      province: 'Bangkok',
      birthdate: '1990-05-01',
      on: ['line'],
      issue: 'on-going',
      tagged: true,
      lastContactAt: new Date('2026-03-10T05:00:00Z'),
      createdAt: new Date('2026-01-05T05:00:00Z'),
    })
  ).id;
  ids.B = (
    await w.addContact({
      displayName: 'สุดา ใจดี',
      name: 'Suda',
      email: 'suda@example.org',
      mobileNumber: '0898765432',
      gender: 'female',
      province: 'Chiang Mai',
      birthdate: '1985-12-31',
      on: ['facebook'],
      issue: 'close',
      lastContactAt: new Date('2026-02-01T05:00:00Z'),
      createdAt: new Date('2026-01-20T05:00:00Z'),
    })
  ).id;
  ids.C = (
    await w.addContact({
      displayName: 'Lek',
      gender: 'female',
      province: 'Bangkok',
      on: ['line', 'facebook'],
      createdAt: new Date('2026-02-15T05:00:00Z'),
    })
  ).id;
  ids.D = (
    await w.addContact({
      displayName: 'Nok',
      gender: 'male',
      province: 'Khon Kaen',
      birthdate: '2000-01-01',
      on: ['line'],
      issue: 'waiting',
      lastContactAt: new Date('2026-03-20T05:00:00Z'),
      createdAt: new Date('2026-03-01T05:00:00Z'),
    })
  ).id;
});

/** The letter of a contact id (its id when it is none of the four). */
const nameOf = new Proxy({} as Record<string, string>, {
  get: (_t, id: string) => Object.entries(ids).find(([, v]) => v === id)?.[0] ?? id,
});
/** The letters of the contacts a query finds, sorted. */
async function found(query: string, token = admin): Promise<string[]> {
  const res = await call(t.app, 'GET', `/api/v1/contacts?${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<{ items: Array<{ id: string }> }>()
    .items.map((c) => nameOf[c.id]!)
    .sort();
}

describe('contact list', () => {
  it('answers 401 without a token and lists the organisation’s contacts', async () => {
    expect((await call(t.app, 'GET', '/api/v1/contacts')).statusCode).toBe(401);
    expect(await found('')).toEqual(['A', 'B', 'C', 'D']);
  });

  it.each([
    ['search Thai display name', `search=${encodeURIComponent('ใจดี')}`, ['B']],
    ['search Thai substring', `search=${encodeURIComponent('มชา')}`, ['A']],
    ['search name', 'search=jaidee', ['A']],
    ['search email', 'search=example.org', ['B']],
    ['search phone with spaces', `search=${encodeURIComponent('081 234')}`, ['A']],
    ['channel type', 'channel=line', ['A', 'C', 'D']],
    ['two channel types', 'channel=line,facebook', ['A', 'B', 'C', 'D']],
    ['gender', 'gender=female', ['B', 'C']],
    ['province', 'province=Bangkok', ['A', 'C']],
    ['provinces', `province=Bangkok,${encodeURIComponent('Khon Kaen')}`, ['A', 'C', 'D']],
    ['birthdate from', 'birthdateFrom=1989-01-01', ['A', 'D']],
    ['birthdate to', 'birthdateTo=1989-12-31', ['B']],
    ['created from', 'createdFrom=2026-02-01', ['C', 'D']],
    ['created to', 'createdTo=2026-01-31', ['A', 'B']],
    ['last contact from', 'lastContactFrom=2026-03-01', ['A', 'D']],
    ['last contact to', 'lastContactTo=2026-02-28', ['B']],
    ['has an open issue', 'hasOpenIssue=true', ['A', 'D']],
    ['has no open issue', 'hasOpenIssue=false', ['B', 'C']],
  ])('filters by %s', async (_name, query, expected) => {
    expect(await found(query)).toEqual(expected);
  });

  it('filters by page, tag and selected ids', async () => {
    expect(await found(`page=${w.facebook.id}`)).toEqual(['B', 'C']);
    expect(await found(`tag=${w.vip.id}`)).toEqual(['A']);
    expect(await found(`ids=${ids.B},${ids.D}`)).toEqual(['B', 'D']);
  });

  it.each([
    [
      'channel, gender, open issue and province',
      'channel=line&gender=male&hasOpenIssue=true&province=Khon%20Kaen',
      ['D'],
    ],
    ['search and gender', 'search=example&gender=female', ['B']],
    ['page and province', `page=${w?.facebook?.id ?? ''}&province=Bangkok`, ['C']],
    ['birthdate range', 'birthdateFrom=1985-01-01&birthdateTo=1995-12-31', ['A', 'B']],
    [
      'created and last contact',
      'createdFrom=2026-01-01&createdTo=2026-01-31&lastContactFrom=2026-03-01',
      ['A'],
    ],
    ['nothing matches', 'gender=female&hasOpenIssue=true', []],
  ])('combines %s', async (_name, query, expected) => {
    // `page` needs the workspace, built in beforeAll after it.each evaluated its table.
    const q = query.startsWith('page=') ? `page=${w.facebook.id}&province=Bangkok` : query;
    expect(await found(q)).toEqual(expected);
  });

  it('combines tag with dates', async () => {
    expect(await found(`tag=${w.vip.id}&lastContactFrom=2026-03-01&channel=line`)).toEqual(['A']);
    expect(await found(`tag=${w.vip.id}&gender=female`)).toEqual([]);
  });

  it('pages with a cursor in each order', async () => {
    const first = (await call(t.app, 'GET', '/api/v1/contacts?limit=2', { token: admin })).json();
    expect(first.items.map((c: { id: string }) => nameOf[c.id])).toEqual(['D', 'A']);
    const second = (
      await call(t.app, 'GET', `/api/v1/contacts?limit=2&cursor=${first.nextCursor}`, { token: admin })
    ).json();
    // C never wrote: it sorts by its creation date.
    expect(second.items.map((c: { id: string }) => nameOf[c.id])).toEqual(['C', 'B']);
    expect(second.nextCursor).toBeNull();
    for (const sort of ['createdAt', 'displayName']) {
      for (const order of ['asc', 'desc']) {
        const all = (
          await call(t.app, 'GET', `/api/v1/contacts?sort=${sort}&order=${order}`, { token: admin })
        ).json();
        const paged: string[] = [];
        let cursor = '';
        do {
          const page = (
            await call(t.app, 'GET', `/api/v1/contacts?sort=${sort}&order=${order}&limit=1${cursor}`, {
              token: admin,
            })
          ).json();
          paged.push(...page.items.map((c: { id: string }) => c.id));
          cursor = page.nextCursor ? `&cursor=${page.nextCursor}` : '';
        } while (cursor);
        expect(paged).toEqual(all.items.map((c: { id: string }) => c.id));
      }
    }
    const created = (
      await call(t.app, 'GET', '/api/v1/contacts?sort=createdAt&order=asc', { token: admin })
    ).json();
    expect(created.items.map((c: { id: string }) => nameOf[c.id])).toEqual(['A', 'B', 'C', 'D']);
  });

  it('shows channels, phone and the open issue of each contact', async () => {
    const list = (await call(t.app, 'GET', '/api/v1/contacts', { token: admin })).json();
    const c = list.items.find((i: { id: string }) => i.id === ids.C);
    expect(c.channels.map((ch: { type: string }) => ch.type).sort()).toEqual(['facebook', 'line']);
    const a = list.items.find((i: { id: string }) => i.id === ids.A);
    expect(a).toMatchObject({
      mobileNumber: '0812345678',
      province: 'Bangkok',
      openIssueId: expect.any(Number),
    });
    expect(list.items.find((i: { id: string }) => i.id === ids.B).openIssueId).toBeNull();
  });

  it.each([
    ['a foreign cursor', 'cursor=bm9wZQ'],
    [
      'a bad date in a cursor',
      `cursor=${Buffer.from(JSON.stringify(['x', '00000000-0000-0000-0000-000000000000'])).toString('base64url')}`,
    ],
    ['an unknown sort', 'sort=email'],
    ['an unknown gender', 'gender=other'],
    ['a bad date', 'createdFrom=2026-13-01'],
    ['a bad channel type', 'channel=fax'],
  ])('answers 400 for %s', async (_name, query) => {
    const res = await call(t.app, 'GET', `/api/v1/contacts?${query}`, { token: admin });
    expect(res.statusCode).toBe(400);
    expect(['contact.invalid_cursor', 'validation.failed']).toContain(res.json().error.code);
  });

  it('offers the caller’s channels and the tags for the advanced search', async () => {
    const all = (await call(t.app, 'GET', '/api/v1/contacts/filter-options', { token: admin })).json();
    expect(all.channels.map((c: { id: string }) => c.id).sort()).toEqual([w.line.id, w.facebook.id].sort());
    expect(all.tags).toEqual([expect.objectContaining({ id: w.vip.id, name: 'VIP' })]);
    const staff = (
      await call(t.app, 'GET', '/api/v1/contacts/filter-options', { token: await w.tokenOf(w.staff) })
    ).json();
    expect(staff.channels.map((c: { id: string }) => c.id)).toEqual([w.line.id]);
  });

  it('lists the 77 provinces', async () => {
    const res = await call(t.app, 'GET', '/api/v1/contacts/provinces', { token: admin });
    expect(res.json()).toHaveLength(77);
  });
});

describe('scope myChannel', () => {
  it('shows staff and managers the contacts of their teams’ channels only', async () => {
    expect(await found('', await w.tokenOf(w.staff))).toEqual(['A', 'C', 'D']);
    expect(await found('', await w.tokenOf(w.manager))).toEqual(['A', 'C', 'D']);
    expect(await found('', await w.tokenOf(w.staffB))).toEqual(['B', 'C']);
    // A filter cannot reach past the scope.
    expect(await found(`page=${w.facebook.id}`, await w.tokenOf(w.staff))).toEqual(['C']);
  });

  it('answers 404 for a contact outside the caller’s channels', async () => {
    const staff = await w.tokenOf(w.staff);
    expect((await call(t.app, 'GET', `/api/v1/contacts/${ids.B}`, { token: staff })).statusCode).toBe(404);
    const res = await call(t.app, 'PUT', `/api/v1/contacts/${ids.B}`, { token: staff, body: editOf({}) });
    expect(res.statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/v1/contacts/${ids.A}`, { token: staff })).statusCode).toBe(200);
  });
});

function editOf(over: Record<string, unknown>) {
  return {
    displayName: 'Nok',
    name: 'Nok Noi',
    email: null,
    mobileNumber: null,
    birthdate: null,
    gender: null,
    province: null,
    address: null,
    location: null,
    consentStatus: 'unknown',
    ...over,
  };
}

describe('contact detail and edit', () => {
  it('shows identities per channel and the issue history', async () => {
    const res = await call(t.app, 'GET', `/api/v1/contacts/${ids.C}`, { token: admin });
    expect(res.statusCode).toBe(200);
    const c = res.json();
    expect(c.identities.map((i: { channel: { type: string } }) => i.channel.type).sort()).toEqual([
      'facebook',
      'line',
    ]);
    const a = (await call(t.app, 'GET', `/api/v1/contacts/${ids.A}`, { token: admin })).json();
    expect(a.issues).toEqual([
      expect.objectContaining({ status: 'on-going', channel: expect.objectContaining({ type: 'line' }) }),
    ]);
    expect(a).toMatchObject({ birthdate: '1990-05-01', gender: 'male', canUpdate: true, canDelete: true });
  });

  it('answers 404 for another organisation’s contact', async () => {
    const other = await buildOrganization(t);
    const token = (await signIn(t, await buildUser(t, other, 'Admin'))).accessToken;
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', editOf({})],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(t.app, method, `/api/v1/contacts/${ids.A}`, { token, body });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('contact.not_found');
    }
    expect(await found('', token)).toEqual([]);
  });

  it('saves an edit, storing the mobile number as digits, and audits view and edit', async () => {
    const res = await call(t.app, 'PUT', `/api/v1/contacts/${ids.D}`, {
      token: admin,
      body: editOf({
        email: 'nok@example.com',
        mobileNumber: '081-111 2222',
        birthdate: '2000-02-29',
        gender: 'female',
        province: 'Phuket',
        address: '1 ถนนสุขุมวิท',
        consentStatus: 'given',
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Nok Noi',
      mobileNumber: '0811112222',
      province: 'Phuket',
      gender: 'female',
      consentStatus: 'given',
      consentAt: expect.any(String),
    });
    // The answer to the edit is not a view; opening the contact is.
    expect((await call(t.app, 'GET', `/api/v1/contacts/${ids.D}`, { token: admin })).statusCode).toBe(200);
    const audit = (
      await call(t.app, 'GET', `/api/v1/contacts/audit?contactId=${ids.D}`, { token: admin })
    ).json();
    expect(audit.items.map((a: { action: string }) => a.action)).toEqual(['view', 'update']);
    expect(audit.items[0].user.displayName).toBe('Ada Tester');
    expect(
      (await call(t.app, 'GET', '/api/v1/contacts/audit', { token: await w.tokenOf(w.manager) })).statusCode,
    ).toBe(403);
  });

  it.each([
    ['email', { email: 'not-an-email' }],
    ['mobile number', { mobileNumber: '12345' }],
    ['future birthdate', { birthdate: '2999-01-01' }],
    ['gender', { gender: 'other' }],
    ['province', { province: 'Atlantis' }],
    ['display name', { displayName: ' ' }],
  ])('refuses a bad %s with 400', async (_field, over) => {
    const res = await call(t.app, 'PUT', `/api/v1/contacts/${ids.D}`, { token: admin, body: editOf(over) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation.failed');
  });
});

describe('export', () => {
  it('exports the search result as CSV with a BOM, in Thai when asked', async () => {
    const res = await call(
      t.app,
      'GET',
      '/api/v1/contacts/export?format=csv&gender=female&hasOpenIssue=false&lang=th&sort=createdAt&order=asc',
      {
        token: admin,
      },
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('ชื่อที่แสดง');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('สุดา ใจดี');
    expect(lines[1]).toContain('เชียงใหม่');
    expect(lines[1]).toContain('0898765432');
  });

  it('exports XLSX that exceljs reads back', async () => {
    const res = await call(t.app, 'GET', '/api/v1/contacts/export?format=xlsx&province=Bangkok', {
      token: admin,
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Display name');
    const names = [2, 3].map((n) => sheet.getRow(n).getCell(1).value).sort();
    expect(names).toEqual(['Lek', 'สมชาย']);
    expect(sheet.rowCount).toBe(3);
  });

  it('audits exports with their size', async () => {
    const audit = (await call(t.app, 'GET', '/api/v1/contacts/audit', { token: admin })).json();
    expect(
      audit.items
        .filter((a: { action: string }) => a.action === 'export')
        .map((a: { count: number }) => a.count),
    ).toEqual(expect.arrayContaining([2]));
  });
});

describe('merge', () => {
  it('moves identities and issues with every message, takes the chosen fields and removes the source', async () => {
    const target = await w.addContact({
      displayName: 'Mali (LINE)',
      email: 'mali@example.com',
      on: ['line'],
      issue: 'close',
    });
    const source = await w.addContact({
      displayName: 'Mali Facebook',
      mobileNumber: '0811112222',
      province: 'Phuket',
      on: ['facebook'],
      issue: 'on-going',
    });
    const messagesOf = async (contactIds: string[]) =>
      rowsOf<{ n: number }>(
        await t.db.orm
          .execute(sql`SELECT count(*)::int AS n FROM messages m JOIN issues i ON i.id = m.issue_id
          WHERE i.contact_id = ANY(${sql.param(contactIds)}::uuid[])`),
      )[0]!.n;
    // Each issue gets two messages.
    await t.db.orm
      .execute(sql`INSERT INTO messages (organization_id, issue_id, channel_id, direction, sender_type, kind, text)
      SELECT i.organization_id, i.id, i.channel_id, 'inbound', 'customer', 'text', 'สวัสดีค่ะ ' || g
      FROM issues i, generate_series(1, 2) g WHERE i.contact_id IN (${target.id}, ${source.id})`);
    const before = await messagesOf([target.id, source.id]);
    expect(before).toBe(4);

    const same = await call(t.app, 'POST', `/api/v1/contacts/${target.id}/merge`, {
      token: admin,
      body: { sourceId: target.id },
    });
    expect(same.json().error.code).toBe('contact.merge_same');
    const staff = await w.tokenOf(w.staff);
    const hidden = await call(t.app, 'POST', `/api/v1/contacts/${target.id}/merge`, {
      token: staff,
      body: { sourceId: source.id },
    });
    expect(hidden.statusCode).toBe(404);

    const res = await call(t.app, 'POST', `/api/v1/contacts/${target.id}/merge`, {
      token: admin,
      body: { sourceId: source.id, fromSource: ['mobileNumber', 'province'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const merged = res.json();
    expect(merged).toMatchObject({
      displayName: 'Mali (LINE)',
      email: 'mali@example.com',
      mobileNumber: '0811112222',
      province: 'Phuket',
    });
    expect(merged.identities.map((i: { channel: { type: string } }) => i.channel.type).sort()).toEqual([
      'facebook',
      'line',
    ]);
    expect(merged.issues).toHaveLength(2);
    expect(await messagesOf([target.id])).toBe(before);
    expect((await call(t.app, 'GET', `/api/v1/contacts/${source.id}`, { token: admin })).statusCode).toBe(
      404,
    );
    const audit = (
      await call(t.app, 'GET', `/api/v1/contacts/audit?contactId=${target.id}`, { token: admin })
    ).json();
    expect(audit.items[0]).toMatchObject({ action: 'merge' });
  });
});

/** Stores a file and attaches it to the contact's first message (of `kind`, when given). */
async function attachFile(contactId: string, filename: string, bytes: string, kind?: string) {
  const file = await t.deps.storage.put({
    organizationId: w.org.id,
    filename,
    mimeType: 'image/jpeg',
    stream: Readable.from([Buffer.from(bytes)]),
    maxBytes: 1024,
  });
  await t.db.orm.execute(sql`INSERT INTO message_attachments (message_id, file_id)
    SELECT m.id, ${file.id} FROM messages m JOIN issues i ON i.id = m.issue_id
    WHERE i.contact_id = ${contactId} AND (${kind ?? null}::text IS NULL OR m.kind = ${kind ?? null})
    ORDER BY m.id LIMIT 1`);
  return file;
}

describe('erase', () => {
  it('leaves no personal text in the database while the issue and message counts stay', async () => {
    const person = await w.addContact({
      displayName: 'ปราณี ลบข้อมูล',
      name: 'Pranee Erasable',
      email: 'pranee.erase@example.com',
      mobileNumber: '0867776655',
      address: '12 ซอยลบได้',
      on: ['line', 'facebook'],
      issue: 'resolved-success',
    });
    await t.db.orm.execute(sql`UPDATE issues SET note = 'โทรหาคุณปราณี' WHERE contact_id = ${person.id}`);
    await t.db.orm
      .execute(sql`INSERT INTO messages (organization_id, issue_id, channel_id, direction, sender_type, kind, text)
      SELECT i.organization_id, i.id, i.channel_id, 'inbound', 'customer', 'text', 'ฉันชื่อปราณี บ้านเลขที่ 12 ซอยลบได้'
      FROM issues i WHERE i.contact_id = ${person.id}`);
    const photo = await attachFile(person.id, 'pranee-id-card.jpg', 'not really a jpeg');
    const counts = async () =>
      rowsOf<{ issues: number; messages: number }>(
        await t.db.orm.execute(sql`SELECT
          (SELECT count(*)::int FROM issues WHERE organization_id = ${w.org.id}) AS issues,
          (SELECT count(*)::int FROM messages WHERE organization_id = ${w.org.id}) AS messages`),
      )[0]!;
    const before = await counts();
    expect((await call(t.app, 'GET', `/api/v1/contacts/${person.id}`, { token: admin })).statusCode).toBe(
      200,
    );
    const staff = await w.tokenOf(w.staff);
    expect(
      (await call(t.app, 'POST', `/api/v1/contacts/${person.id}/erase`, { token: staff })).statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, 'POST', `/api/v1/contacts/${person.id}/erase`, { token: admin })).statusCode,
    ).toBe(204);

    for (const personal of ['ปราณี', 'Pranee', 'pranee.erase', '0867776655', 'ซอยลบได้']) {
      const found = rowsOf<{ n: number }>(
        await t.db.orm.execute(sql`SELECT
          (SELECT count(*) FROM contacts c WHERE c.organization_id = ${w.org.id}
             AND concat_ws(' ', c.display_name, c.name, c.email, c.mobile_number, c.address, c.location) LIKE ${`%${personal}%`})
        + (SELECT count(*) FROM contact_identities ci WHERE ci.contact_id = ${person.id}
             AND concat_ws(' ', ci.display_name, ci.external_user_id) LIKE ${`%${personal}%`})
        + (SELECT count(*) FROM messages m WHERE m.organization_id = ${w.org.id}
             AND concat_ws(' ', m.text, m.payload::text) LIKE ${`%${personal}%`})
        + (SELECT count(*) FROM issues i WHERE i.organization_id = ${w.org.id} AND i.note LIKE ${`%${personal}%`})
        + (SELECT count(*) FROM contact_audit_events a WHERE a.organization_id = ${w.org.id}
             AND concat_ws(' ', a.contact_name, a.detail::text) LIKE ${`%${personal}%`}) AS n`),
      )[0]!.n;
      expect(Number(found), personal).toBe(0);
    }
    expect(await counts()).toEqual(before);
    expect(await t.deps.storage.open(photo.id)).toBeNull();
    const audit = (
      await call(t.app, 'GET', `/api/v1/contacts/audit?contactId=${person.id}`, { token: admin })
    ).json();
    expect(audit.items.map((a: { action: string }) => a.action)).toEqual(['erase', 'view']);
  });
});

describe("export this person's data", () => {
  it('zips the profile, every message oldest first and the attachments, and audits the export', async () => {
    const person = await w.addContact({
      displayName: 'มานี ส่งออก',
      name: 'Manee Export',
      email: 'manee@example.com',
      on: ['line'],
      issue: 'close',
    });
    await t.db.orm
      .execute(sql`INSERT INTO messages (organization_id, issue_id, channel_id, direction, sender_type, kind, text, is_private_note)
      SELECT i.organization_id, i.id, i.channel_id, v.direction, v.sender, v.kind, v.text, v.note
      FROM issues i, (VALUES (1, 'inbound', 'customer', 'text', 'สวัสดีค่ะ, ขอ "ใบเสร็จ" หน่อย', false),
                             (2, 'outbound', 'agent', 'text', 'ได้เลยค่ะ', false),
                             (3, 'outbound', 'agent', 'text', 'ลูกค้าประจำ', true),
                             (4, 'inbound', 'customer', 'image', NULL, false))
        AS v(n, direction, sender, kind, text, note)
      WHERE i.contact_id = ${person.id} ORDER BY v.n`);
    await attachFile(person.id, 'ใบเสร็จ/2026.jpg', 'jpeg bytes of a receipt', 'image');

    const res = await call(t.app, 'GET', `/api/v1/contacts/${person.id}/export?lang=th`, { token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="contact-.+\.zip"$/);
    const zip = await JSZip.loadAsync(res.rawPayload);
    const names = Object.keys(zip.files).sort();
    expect(names).toHaveLength(3);
    const attachment = names.find((n) => n.startsWith('attachments/'))!;
    expect(attachment).toMatch(/^attachments\/\d+-.{8}-ใบเสร็จ_2026\.jpg$/);
    expect(await zip.file(attachment)!.async('string')).toBe('jpeg bytes of a receipt');

    const profile = JSON.parse(await zip.file('profile.json')!.async('string'));
    expect(profile).toMatchObject({ id: person.id, displayName: 'มานี ส่งออก', email: 'manee@example.com' });
    expect(profile.identities).toHaveLength(1);
    expect(profile.issues).toHaveLength(1);

    const csv = await zip.file('messages.csv')!.async('string');
    expect(csv.startsWith('\uFEFFเรื่อง,เวลา,ทิศทาง,ผู้ส่ง,ประเภท,ข้อความ,บันทึกภายใน,ไฟล์แนบ\r\n')).toBe(true);
    const lines = csv.trimEnd().split('\r\n').slice(1);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain(',จากลูกค้า,ลูกค้า,text,"สวัสดีค่ะ, ขอ ""ใบเสร็จ"" หน่อย",,');
    expect(lines[1]).toContain(',ถึงลูกค้า,เจ้าหน้าที่,text,ได้เลยค่ะ,,');
    expect(lines[2]).toContain(',ลูกค้าประจำ,ใช่,');
    expect(lines[3]).toMatch(new RegExp(`,image,,,${attachment.replace(/[.]/g, '\\.')}$`));

    const audit = (
      await call(t.app, 'GET', `/api/v1/contacts/audit?contactId=${person.id}`, { token: admin })
    ).json();
    expect(audit.items[0]).toMatchObject({ action: 'export', contactName: 'มานี ส่งออก', count: 1 });
  });

  it('answers 404 for a contact the caller cannot see', async () => {
    const foreign = '00000000-0000-4000-8000-000000000000';
    const res = await call(t.app, 'GET', `/api/v1/contacts/${foreign}/export`, { token: admin });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('contact.not_found');
  });
});

describe('delete', () => {
  it('needs the delete permission, deletes one or many, and nothing when one id is not visible', async () => {
    const x = await w.addContact({ displayName: 'X', issue: 'close' });
    const y = await w.addContact({ displayName: 'Y' });
    const staff = await w.tokenOf(w.staff);
    expect((await call(t.app, 'DELETE', `/api/v1/contacts/${x.id}`, { token: staff })).statusCode).toBe(403);
    const foreign = '00000000-0000-4000-8000-000000000000';
    const partial = await call(t.app, 'POST', '/api/v1/contacts/delete', {
      token: admin,
      body: { ids: [x.id, foreign] },
    });
    expect(partial.statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/v1/contacts/${x.id}`, { token: admin })).statusCode).toBe(200);
    expect(
      (await call(t.app, 'POST', '/api/v1/contacts/delete', { token: admin, body: { ids: [] } })).statusCode,
    ).toBe(400);
    expect(
      (await call(t.app, 'POST', '/api/v1/contacts/delete', { token: admin, body: { ids: [x.id, y.id] } }))
        .statusCode,
    ).toBe(204);
    expect((await call(t.app, 'GET', `/api/v1/contacts/${x.id}`, { token: admin })).statusCode).toBe(404);
    const left = rowsOf<{ n: number }>(
      await t.db.orm.execute(sql`SELECT count(*)::int AS n FROM issues WHERE contact_id = ${x.id}`),
    );
    expect(left[0]!.n).toBe(0);
    const audit = (
      await call(t.app, 'GET', `/api/v1/contacts/audit?contactId=${y.id}`, { token: admin })
    ).json();
    expect(audit.items[0]).toMatchObject({ action: 'delete', contactName: 'Y' });
  });
});
