// Demo data for a newcomer (and the end-to-end tests): two organisations, a user per role, a team with
// shifts, one channel of each type, contacts, tags, canned responses and issues in every status with
// message history. Idempotent: does nothing when "Sabai Demo" exists.
import { eq } from 'drizzle-orm';
import {
  DEFAULT_ROLE_MATRIX,
  isResolvedStatus,
  replyDeadline,
  ROLE_NAMES,
  type IssueActivityKind,
  type IssueStatus,
  type RoleName,
} from '@sabai/domain';
import type { Cipher } from '../platform/crypto';
import type { Db, Tx } from '../platform/db';
import { hashPassword } from '../platform/passwords';
import * as t from './schema';

export const DEMO_PASSWORD = 'Sabai2026demo';
export const DEMO_ORG = 'Sabai Demo';
export const SECOND_ORG = 'Second Shop';
export const DEMO_USERS = [
  {
    email: 'superadmin@demo.local',
    username: 'superadmin',
    firstName: 'Somchai',
    lastName: 'Superadmin',
    role: 'SuperAdmin',
  },
  { email: 'admin@demo.local', username: 'admin', firstName: 'Anong', lastName: 'Admin', role: 'Admin' },
  {
    email: 'manager@demo.local',
    username: 'manager',
    firstName: 'Malee',
    lastName: 'Manager',
    role: 'Manager',
  },
  { email: 'staff@demo.local', username: 'staff', firstName: 'Somsak', lastName: 'Staff', role: 'Staff' },
  { email: 'staff2@demo.local', username: 'staff2', firstName: 'Suda', lastName: 'Staff', role: 'Staff' },
] as const;
export const SECOND_ORG_ADMIN = {
  email: 'admin@second.local',
  username: 'second-admin',
  firstName: 'Prasert',
  lastName: 'Owner',
};
export const DEMO_LINE = {
  channelId: '1650000001',
  secret: 'c0ffee00c0ffee00c0ffee00c0ffee00',
  accessToken: 'demo-line-channel-access-token',
  botUserId: 'U0000000000000000000000000000d3e0',
};
/** Second Shop's LINE channel (as public as the demo one: production refuses its secret too). */
export const SECOND_LINE = {
  channelId: '1650000002',
  secret: '5ec0nd005ec0nd005ec0nd005ec0nd00',
  accessToken: 'second-line-channel-access-token',
  botUserId: 'U00000000000000000000000000000002',
};
export const DEMO_PAGE_ID = '100000000000001';
export const DEMO_INSTAGRAM_ID = '17840000000000001';
export const DEMO_PAGE_TOKEN = 'demo-page-access-token';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** Seeds the demo organisations unless they exist; returns whether it seeded. */
export async function seedDemo(db: Db, cipher: Cipher, now = new Date()): Promise<boolean> {
  const existing = await db.orm
    .select({ id: t.organizations.id })
    .from(t.organizations)
    .where(eq(t.organizations.name, DEMO_ORG));
  if (existing.length > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.orm.transaction(async (tx) => {
    const demo = await createOrganization(tx, DEMO_ORG);
    const users: Record<string, string> = {};
    for (const u of DEMO_USERS) {
      const [row] = await tx
        .insert(t.users)
        .values({
          email: u.email,
          username: u.username,
          firstName: u.firstName,
          lastName: u.lastName,
          passwordHash,
        })
        .returning({ id: t.users.id });
      users[u.username] = row!.id;
      await tx.insert(t.memberships).values({
        userId: row!.id,
        organizationId: demo.id,
        roleId: demo.roles[u.role],
        isDefault: true,
        availability: u.role === 'Staff' ? 'online' : 'offline',
      });
    }
    await seedDemoOrganization(tx, cipher, demo.id, users, now);

    const second = await createOrganization(tx, SECOND_ORG);
    const [owner] = await tx
      .insert(t.users)
      .values({ ...SECOND_ORG_ADMIN, passwordHash })
      .returning({ id: t.users.id });
    await tx
      .insert(t.memberships)
      .values({ userId: owner!.id, organizationId: second.id, roleId: second.roles.Admin, isDefault: true });
    await seedSecondOrganization(tx, cipher, second.id, owner!.id, now);
  });
  return true;
}

/** An organisation with its four roles from the default matrix. */
export async function createOrganization(tx: Tx, name: string) {
  const [org] = await tx.insert(t.organizations).values({ name }).returning({ id: t.organizations.id });
  const roles = {} as Record<RoleName, string>;
  for (const roleName of ROLE_NAMES) {
    const [role] = await tx
      .insert(t.roles)
      .values({ organizationId: org!.id, name: roleName, permissions: DEFAULT_ROLE_MATRIX[roleName] })
      .returning({ id: t.roles.id });
    roles[roleName] = role!.id;
  }
  return { id: org!.id, roles };
}

type Conversation = {
  contact: {
    displayName: string;
    name: string;
    email?: string;
    mobileNumber?: string;
    province?: string;
    gender?: 'male' | 'female';
  };
  channel: 'line' | 'facebook' | 'instagram';
  status: NonNullable<(typeof t.issues.$inferInsert)['status']>;
  assignee?: string;
  startedAgo: number;
  tags?: string[];
  note?: string;
  /** The agent asked the manager to close it (staff cannot change status). */
  closeRequested?: boolean;
  adId?: string;
  lines: Array<[who: 'customer' | 'agent', text: string]>;
};

const CONVERSATIONS: Conversation[] = [
  {
    contact: {
      displayName: 'Nok 🌸',
      name: 'Kanokwan Srisuk',
      mobileNumber: '0812345678',
      province: 'Bangkok',
      gender: 'female',
    },
    channel: 'line',
    status: 'un-assigned',
    startedAgo: 20 * 60_000,
    lines: [
      ['customer', 'สวัสดีค่ะ สั่งของไปเมื่อวาน อยากทราบว่าจะได้รับเมื่อไหร่คะ'],
      ['customer', 'เลขที่คำสั่งซื้อ SB-10293 ค่ะ'],
    ],
  },
  {
    contact: {
      displayName: 'Top',
      name: 'Thanakorn Phromma',
      email: 'top.t@example.com',
      province: 'Chiang Mai',
      gender: 'male',
    },
    channel: 'facebook',
    status: 'un-assigned',
    startedAgo: 45 * 60_000,
    adId: '120210000000001',
    lines: [['customer', 'Hi, is the blue tote bag from your ad still available?']],
  },
  {
    contact: {
      displayName: 'Ploy',
      name: 'Ploypailin Wongsa',
      mobileNumber: '0898765432',
      province: 'Khon Kaen',
      gender: 'female',
    },
    channel: 'line',
    status: 'on-going',
    assignee: 'staff',
    startedAgo: 3 * HOUR,
    tags: ['Order'],
    lines: [
      ['customer', 'ขอเปลี่ยนไซซ์เสื้อจาก M เป็น L ได้ไหมคะ'],
      ['agent', 'ได้เลยค่ะ รบกวนส่งรูปใบเสร็จให้หน่อยนะคะ'],
      ['customer', 'ส่งแล้วค่ะ ขอบคุณค่ะ'],
    ],
  },
  {
    contact: { displayName: 'mint.studio', name: 'Mint Chaiyaporn', province: 'Phuket', gender: 'female' },
    channel: 'instagram',
    status: 'waiting',
    assignee: 'staff2',
    startedAgo: 26 * HOUR,
    tags: ['VIP'],
    lines: [
      ['customer', 'Do you ship to Phuket? 📦'],
      ['agent', 'Yes! Delivery to Phuket takes 2–3 days. Would you like to order?'],
    ],
  },
  {
    contact: {
      displayName: 'Somchai K.',
      name: 'Somchai Kittisak',
      mobileNumber: '0861112222',
      province: 'Nonthaburi',
      gender: 'male',
    },
    channel: 'line',
    status: 'resolved',
    assignee: 'staff',
    startedAgo: 2 * DAY,
    tags: ['Refund'],
    lines: [
      ['customer', 'สินค้าชำรุด ขอคืนเงินได้ไหมครับ'],
      ['agent', 'ขออภัยค่ะ ทางร้านคืนเงินให้เรียบร้อยแล้วนะคะ'],
      ['customer', 'ได้รับแล้วครับ ขอบคุณครับ'],
    ],
  },
  {
    contact: {
      displayName: 'Jane Doe',
      name: 'Jane Doe',
      email: 'jane@example.com',
      province: 'Bangkok',
      gender: 'female',
    },
    channel: 'facebook',
    status: 'resolved-success',
    assignee: 'staff2',
    startedAgo: 3 * DAY,
    adId: '120210000000001',
    tags: ['Order'],
    lines: [
      ['customer', 'I would like to order 3 tote bags.'],
      ['agent', 'Done! Your order SB-10301 is confirmed.'],
      ['customer', 'Great, thanks!'],
    ],
  },
  {
    contact: { displayName: 'Beam', name: 'Beam Rattanakorn', province: 'Chon Buri', gender: 'male' },
    channel: 'instagram',
    status: 'resolved-un-success',
    assignee: 'staff',
    startedAgo: 4 * DAY,
    lines: [
      ['customer', 'มีส่วนลดสำหรับนักเรียนไหมครับ'],
      ['agent', 'ตอนนี้ยังไม่มีโปรโมชันสำหรับนักเรียนค่ะ ขออภัยค่ะ'],
    ],
  },
  {
    contact: {
      displayName: 'Ann',
      name: 'Anchalee Meesuk',
      mobileNumber: '0823334444',
      province: 'Songkhla',
      gender: 'female',
    },
    channel: 'line',
    status: 'close',
    assignee: 'staff2',
    startedAgo: 6 * DAY,
    note: 'Customer happy with the exchange.',
    closeRequested: true,
    lines: [
      ['customer', 'ได้รับสินค้าที่เปลี่ยนแล้วค่ะ'],
      ['agent', 'ยินดีค่ะ ขอบคุณที่อุดหนุนนะคะ'],
    ],
  },
  {
    contact: {
      displayName: 'Fon',
      name: 'Fonthip Saelim',
      mobileNumber: '0955556666',
      province: 'Udon Thani',
      gender: 'female',
    },
    channel: 'line',
    status: 'transferred',
    assignee: 'staff',
    startedAgo: 5 * HOUR,
    lines: [
      ['customer', 'อยากสั่งสินค้าจำนวนมากสำหรับบริษัทค่ะ'],
      ['agent', 'ขอส่งต่อให้ทีมขายส่งดูแลนะคะ'],
    ],
  },
  {
    contact: {
      displayName: 'Mark Lee',
      name: 'Mark Lee',
      email: 'mark.lee@example.com',
      province: 'Bangkok',
      gender: 'male',
    },
    channel: 'facebook',
    status: 'on-going',
    assignee: 'staff',
    startedAgo: 9 * DAY,
    lines: [
      ['customer', 'Any update on my wholesale request?'],
      ['agent', 'We are checking with our supplier and will come back to you.'],
    ],
  },
];

async function seedDemoOrganization(
  tx: Tx,
  cipher: Cipher,
  organizationId: string,
  users: Record<string, string>,
  now: Date,
) {
  const [team] = await tx
    .insert(t.teams)
    .values({
      organizationId,
      name: 'Customer Care',
      managerUserId: users.manager,
      autoReplyMessage:
        'ขอบคุณที่ติดต่อเรา ทีมงานจะตอบกลับโดยเร็วที่สุดค่ะ / Thank you for contacting us, we will reply shortly.',
      managerWorkingType: 'working_hours',
    })
    .returning({ id: t.teams.id });
  const teamId = team!.id;
  for (const username of ['manager', 'staff', 'staff2']) {
    await tx.insert(t.teamMembers).values({
      teamId,
      userId: users[username]!,
      organizationId,
      workStart: '09:00',
      workStop: '18:00',
      breakStart: '12:00',
      breakStop: '13:00',
    });
  }

  const channelIds = {
    line: await insertChannel(tx, cipher, {
      organizationId,
      type: 'line',
      name: 'Sabai LINE OA',
      externalId: DEMO_LINE.channelId,
      botUserId: DEMO_LINE.botUserId,
      secret: DEMO_LINE.secret,
      accessToken: DEMO_LINE.accessToken,
      assignedTeamId: teamId,
    }),
    facebook: await insertChannel(tx, cipher, {
      organizationId,
      type: 'facebook',
      name: 'Sabai Facebook Page',
      externalId: DEMO_PAGE_ID,
      pageId: DEMO_PAGE_ID,
      accessToken: DEMO_PAGE_TOKEN,
      assignedTeamId: teamId,
    }),
    instagram: await insertChannel(tx, cipher, {
      organizationId,
      type: 'instagram',
      name: 'sabai.demo',
      externalId: DEMO_INSTAGRAM_ID,
      pageId: DEMO_PAGE_ID,
      accessToken: DEMO_PAGE_TOKEN,
      assignedTeamId: teamId,
    }),
  };

  const tags: DemoTags = {};
  for (const [name, colour] of [
    ['VIP', '#faad14'],
    ['Refund', '#f5222d'],
    ['Order', '#1677ff'],
  ] as const) {
    const [tag] = await tx
      .insert(t.tags)
      .values({ organizationId, name, colour, teamId })
      .returning({ id: t.tags.id });
    tags[name] = { id: tag!.id, name, colour };
  }

  const [greetings] = await tx
    .insert(t.cannedCategories)
    .values({ organizationId, name: 'Greetings' })
    .returning({ id: t.cannedCategories.id });
  const [shipping] = await tx
    .insert(t.cannedCategories)
    .values({ organizationId, name: 'Shipping' })
    .returning({ id: t.cannedCategories.id });
  await tx.insert(t.cannedResponses).values([
    {
      organizationId,
      categoryId: greetings!.id,
      name: 'Welcome',
      message: 'สวัสดีค่ะ ยินดีให้บริการค่ะ มีอะไรให้ช่วยไหมคะ / Hello! How can we help you today?',
    },
    {
      organizationId,
      categoryId: shipping!.id,
      name: 'Tracking',
      message: 'You can track your parcel at https://track.example.com with your order number.',
    },
    {
      organizationId,
      categoryId: shipping!.id,
      name: 'Delivery time',
      message: 'จัดส่งภายใน 1–3 วันทำการค่ะ / Delivery takes 1–3 business days.',
    },
  ]);

  await seedKnowledgeBase(tx, organizationId, users.admin!, tags, now);

  let externalSeq = 0;
  for (const c of CONVERSATIONS) {
    externalSeq += 1;
    const channelId = channelIds[c.channel];
    const startedAt = new Date(now.getTime() - c.startedAgo);
    const [contact] = await tx
      .insert(t.contacts)
      .values({ organizationId, ...c.contact, lastContactAt: startedAt, consentAt: startedAt })
      .returning({ id: t.contacts.id });
    const externalUserId =
      c.channel === 'line'
        ? `U${externalSeq.toString(16).padStart(32, 'a')}`
        : `${c.channel === 'facebook' ? 'PSID' : 'IGSID'}_${1000 + externalSeq}`;
    const [identity] = await tx
      .insert(t.contactIdentities)
      .values({
        organizationId,
        contactId: contact!.id,
        channelId,
        externalUserId,
        displayName: c.contact.displayName,
        lastInboundAt: startedAt,
      })
      .returning({ id: t.contactIdentities.id });
    const assigneeUserId = c.assignee ? users[c.assignee] : undefined;
    const times = c.lines.map((_, i) => new Date(startedAt.getTime() + i * 7 * 60_000));
    const lastAt = times.at(-1)!;
    const firstAgentAt = times.find((_, i) => c.lines[i]![0] === 'agent');
    const lastCustomerAt = [...times]
      .reverse()
      .find((_, i) => c.lines[c.lines.length - 1 - i]![0] === 'customer');
    const resolved = c.status.startsWith('resolved') || c.status === 'close';
    const [issue] = await tx
      .insert(t.issues)
      .values({
        organizationId,
        channelId,
        contactId: contact!.id,
        contactIdentityId: identity!.id,
        teamId,
        assigneeUserId,
        status: c.status,
        note: c.note ?? '',
        adId: c.adId,
        startDate: startedAt,
        lastResponseAt: lastAt,
        lastCustomerMessageAt: lastCustomerAt,
        replyDeadlineAt: replyDeadline(c.channel, lastCustomerAt ?? null),
        firstCustomerMessageAt: times.find((_, i) => c.lines[i]![0] === 'customer'),
        // A customer who spoke last on an open issue is still waiting for an answer.
        waitStartedAt:
          c.lines.at(-1)![0] === 'customer' && ['un-assigned', 'on-going', 'waiting'].includes(c.status)
            ? lastCustomerAt
            : null,
        lastAgentMessageAt: firstAgentAt ? lastAt : null,
        firstResponseAt: firstAgentAt,
        resolvedAt: resolved ? lastAt : null,
        closedAt: c.status === 'close' ? lastAt : null,
        closeRequestedAt: c.closeRequested ? lastAt : null,
        unreadCount: c.status === 'un-assigned' ? c.lines.length : 0,
        createdAt: startedAt,
        updatedAt: lastAt,
      })
      .returning({ id: t.issues.id });
    await tx.insert(t.messages).values(
      c.lines.map(([who, text], i) => ({
        organizationId,
        issueId: issue!.id,
        channelId,
        text,
        kind: 'text',
        direction: who === 'customer' ? ('inbound' as const) : ('outbound' as const),
        senderType: who,
        senderUserId: who === 'agent' ? assigneeUserId : undefined,
        deliveryStatus: who === 'customer' ? ('received' as const) : ('delivered' as const),
        providerMessageId: `seed-${externalSeq}-${i}`,
        createdAt: times[i]!,
      })),
    );
    for (const tag of c.tags ?? [])
      await tx.insert(t.issueTags).values({ issueId: issue!.id, tagId: tags[tag]!.id });
    await seedResponseIntervals(
      tx,
      organizationId,
      issue!.id,
      { channelId, teamId, assigneeUserId },
      c,
      times,
    );
    const trail = { organizationId, teamId, tags, managerUserId: users.manager!, assigneeUserId };
    if (c.status !== 'transferred') await seedTrail(tx, { ...trail, issueId: issue!.id }, c, times);
    else {
      // A transfer closes the issue and continues the conversation in a new one linked to it.
      const [next] = await tx
        .insert(t.issues)
        .values({
          organizationId,
          channelId,
          contactId: contact!.id,
          contactIdentityId: identity!.id,
          teamId,
          assigneeUserId: users.staff2,
          status: 'on-going',
          transferredFromIssueId: issue!.id,
          startDate: lastAt,
          lastResponseAt: lastAt,
          lastCustomerMessageAt: lastAt,
          replyDeadlineAt: replyDeadline(c.channel, lastAt),
          createdAt: lastAt,
          updatedAt: lastAt,
        })
        .returning({ id: t.issues.id });
      await tx.insert(t.messages).values({
        organizationId,
        issueId: next!.id,
        channelId,
        direction: 'outbound',
        senderType: 'agent',
        senderUserId: users.staff2,
        kind: 'text',
        text: 'สวัสดีค่ะ ทีมขายส่งรับเรื่องแล้วค่ะ ต้องการสินค้ากี่ชิ้นคะ',
        deliveryStatus: 'delivered',
        providerMessageId: `seed-${externalSeq}-next`,
        createdAt: lastAt,
      });
      const transfer = { toIssueId: next!.id, userId: users.staff2! };
      await seedTrail(tx, { ...trail, issueId: issue!.id }, c, times, transfer);
    }
  }
}

/**
 * The report facts a real conversation leaves: each customer wait an agent's reply ended (its
 * resolution and close are status changes on its trail, seedTrail), so the demo dashboard and reports have
 * figures from the start.
 */
async function seedResponseIntervals(
  tx: Tx,
  organizationId: string,
  issueId: number,
  on: { channelId: string; teamId: string; assigneeUserId: string | undefined },
  c: (typeof CONVERSATIONS)[number],
  times: Date[],
) {
  const waits: Array<typeof t.responseIntervals.$inferInsert> = [];
  let waitingSince: Date | null = null;
  let hasReplied = false;
  c.lines.forEach(([who], i) => {
    if (who === 'customer') waitingSince ??= times[i]!;
    else {
      if (waitingSince)
        waits.push({
          organizationId,
          issueId,
          channelId: on.channelId,
          teamId: on.teamId,
          agentUserId: on.assigneeUserId,
          customerAt: waitingSince,
          repliedAt: times[i]!,
          isFirstResponse: !hasReplied,
        });
      hasReplied = true;
      waitingSince = null;
    }
  });
  if (waits.length) await tx.insert(t.responseIntervals).values(waits);
}

type DemoTags = Record<string, { id: string; name: string; colour: string }>;

/** Help articles in Thai and English (modules/knowledge-base), for the composer's search and the AI features. */
export const DEMO_ARTICLES: ReadonlyArray<{
  title: string;
  body: string;
  language: 'th' | 'en';
  status: 'published' | 'draft';
  tags: readonly string[];
}> = [
  {
    title: 'นโยบายการคืนสินค้าและคืนเงิน',
    body: [
      'ลูกค้าสามารถคืนสินค้าได้ภายใน **7 วัน** นับจากวันที่ได้รับสินค้า',
      '',
      '- สินค้าต้องอยู่ในสภาพเดิม ไม่ผ่านการใช้งาน และมีป้ายราคาครบ',
      '- แจ้งเลขที่คำสั่งซื้อและถ่ายรูปสินค้าส่งมาทางแชท',
      '- ร้านจะโอนเงินคืนเข้าบัญชีธนาคารภายใน 3 วันทำการหลังได้รับสินค้าคืน',
      '',
      'สินค้าลดราคาและชุดชั้นในไม่รับคืน ยกเว้นสินค้าชำรุดจากการผลิต',
    ].join('\n'),
    language: 'th',
    status: 'published',
    tags: ['Refund'],
  },
  {
    title: 'Returns and refunds',
    body: [
      'You can return an item within **7 days** of receiving it.',
      '',
      '- The item must be unused, in its original packaging, with its price tag.',
      '- Send us your order number and a photo of the item in this chat.',
      '- We refund to your bank account within 3 working days of receiving the return.',
      '',
      'Sale items and underwear cannot be returned unless they are faulty.',
    ].join('\n'),
    language: 'en',
    status: 'published',
    tags: ['Refund'],
  },
  {
    title: 'ระยะเวลาจัดส่งสินค้า',
    body: [
      'สั่งซื้อและชำระเงินก่อน 14:00 น. จัดส่งภายในวันเดียวกัน',
      '',
      '- กรุงเทพฯ และปริมณฑล: ได้รับสินค้าภายใน 1–2 วันทำการ',
      '- ต่างจังหวัด: 2–4 วันทำการ',
      '- ส่งด่วนในกรุงเทพฯ (Grab/Lalamove) ได้รับภายใน 3 ชั่วโมง มีค่าส่งเพิ่ม',
      '',
      'เลขพัสดุจะส่งให้ทางแชทหลังจัดส่ง',
    ].join('\n'),
    language: 'th',
    status: 'published',
    tags: ['Order'],
  },
  {
    title: 'Delivery times',
    body: [
      'Orders paid before 14:00 ship the same day.',
      '',
      '- Bangkok and nearby provinces: 1–2 working days',
      '- Other provinces: 2–4 working days',
      '- Express in Bangkok (Grab/Lalamove): within 3 hours, extra fee',
      '',
      'We send your tracking number in this chat once the parcel ships.',
    ].join('\n'),
    language: 'en',
    status: 'published',
    tags: ['Order'],
  },
  {
    title: 'เวลาทำการของร้าน',
    body: 'หน้าร้านและแอดมินตอบแชทเปิดทุกวัน 09:00–20:00 น. รวมวันหยุดนักขัตฤกษ์ ข้อความที่ส่งมานอกเวลาทำการจะได้รับคำตอบในวันถัดไป',
    language: 'th',
    status: 'published',
    tags: [],
  },
  {
    title: 'Opening hours',
    body: 'Our shop and chat support are open every day from 09:00 to 20:00, public holidays included. Messages sent after hours are answered the next morning.',
    language: 'en',
    status: 'published',
    tags: [],
  },
  {
    title: 'ช่องทางการชำระเงิน',
    body: [
      'ร้านรับชำระเงินได้หลายช่องทาง',
      '',
      '- โอนผ่านธนาคาร หรือสแกนจ่ายพร้อมเพย์ (ส่งสลิปทางแชท)',
      '- บัตรเครดิต/เดบิต ผ่านลิงก์ชำระเงิน',
      '- เก็บเงินปลายทาง (COD) ค่าธรรมเนียม 30 บาท',
    ].join('\n'),
    language: 'th',
    status: 'published',
    tags: ['Order'],
  },
  {
    title: 'Payment methods',
    body: [
      'We accept:',
      '',
      '- Bank transfer or PromptPay QR (send the slip in this chat)',
      '- Credit or debit card through a payment link',
      '- Cash on delivery (COD), 30 baht fee',
    ].join('\n'),
    language: 'en',
    status: 'published',
    tags: ['Order'],
  },
  {
    title: 'โปรโมชันสมาชิก VIP (ร่าง)',
    body: 'ลูกค้า VIP รับส่วนลด 10% ทุกคำสั่งซื้อ และส่งฟรีทั่วประเทศ รอยืนยันเงื่อนไขจากฝ่ายการตลาด',
    language: 'th',
    status: 'draft',
    tags: ['VIP'],
  },
];

async function seedKnowledgeBase(
  tx: Tx,
  organizationId: string,
  authorId: string,
  tags: DemoTags,
  now: Date,
) {
  for (const [i, a] of DEMO_ARTICLES.entries()) {
    const at = new Date(now.getTime() - (DEMO_ARTICLES.length - i) * HOUR);
    const [row] = await tx
      .insert(t.kbArticles)
      .values({
        organizationId,
        title: a.title,
        body: a.body,
        language: a.language,
        status: a.status,
        createdBy: authorId,
        updatedBy: authorId,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: t.kbArticles.id });
    const tagIds = a.tags.map((name) => tags[name]!.id);
    if (tagIds.length > 0) {
      await tx.insert(t.kbArticleTags).values(tagIds.map((tagId) => ({ articleId: row!.id, tagId })));
    }
  }
}

type TrailOf = {
  organizationId: string;
  issueId: number;
  teamId: string;
  tags: DemoTags;
  managerUserId: string;
  assigneeUserId: string | undefined;
};

/**
 * The activity trail a real conversation leaves, between its start and its last message: the manager
 * assigns it, the agent tags it, writes the note and asks the manager to close it; the manager sets it
 * waiting after the agent's reply, resolves, closes or transfers it (staff cannot change status). A
 * transfer to an agent opens the new issue already assigned. The resolution and close are at the last
 * message, where the report figures expect them.
 */
async function seedTrail(
  tx: Tx,
  on: TrailOf,
  c: Conversation,
  times: Date[],
  transfer?: { toIssueId: number; userId: string },
) {
  // Nothing has happened yet to an issue nobody was given.
  const assignee = on.assigneeUserId;
  if (!assignee) return;
  const startAt = times[0]!.getTime();
  const minutesIn = (n: number) => new Date(startAt + n * 60_000);
  const lastAt = times.at(-1)!;
  const lastAgentAt = times.findLast((_, i) => c.lines[i]![0] === 'agent');
  const entry = (
    actorUserId: string,
    kind: IssueActivityKind,
    createdAt: Date,
    more: Partial<typeof t.issueActivities.$inferInsert> = {},
  ): typeof t.issueActivities.$inferInsert => ({
    organizationId: on.organizationId,
    issueId: on.issueId,
    actorUserId,
    kind,
    createdAt,
    ...more,
  });
  const status = (from: IssueStatus, to: IssueStatus) =>
    entry(on.managerUserId, 'status', lastAt, { fromStatus: from, toStatus: to });
  const resolution = c.status === 'close' ? 'resolved-success' : c.status;
  const rows = [
    entry(on.managerUserId, 'assigned', minutesIn(1), {
      fromStatus: 'un-assigned',
      toStatus: 'on-going',
      data: { userId: assignee, teamId: on.teamId, previousUserId: null, previousTeamId: on.teamId },
    }),
    ...(c.tags ?? []).map((name) => {
      const tag = on.tags[name]!;
      return entry(assignee, 'tag_added', minutesIn(2), {
        data: { tagId: tag.id, name: tag.name, colour: tag.colour },
      });
    }),
    ...(c.note ? [entry(assignee, 'note', minutesIn(3))] : []),
    ...(c.status === 'waiting' && lastAgentAt
      ? [entry(on.managerUserId, 'status', lastAgentAt, { fromStatus: 'on-going', toStatus: 'waiting' })]
      : []),
    ...(c.closeRequested ? [entry(assignee, 'close_requested', lastAt)] : []),
    ...(isResolvedStatus(resolution) ? [status('on-going', resolution)] : []),
    ...(c.status === 'close' ? [status(resolution, 'close')] : []),
    ...(transfer
      ? [
          entry(on.managerUserId, 'transferred', lastAt, {
            fromStatus: 'on-going',
            toStatus: 'transferred',
            data: { toIssueId: transfer.toIssueId, teamId: on.teamId, userId: transfer.userId },
          }),
          entry(on.managerUserId, 'assigned', lastAt, {
            issueId: transfer.toIssueId,
            fromStatus: 'un-assigned',
            toStatus: 'on-going',
            data: {
              userId: transfer.userId,
              teamId: on.teamId,
              previousUserId: null,
              transferredFromIssueId: on.issueId,
            },
          }),
        ]
      : []),
  ];
  await tx.insert(t.issueActivities).values(rows);
}

async function seedSecondOrganization(
  tx: Tx,
  cipher: Cipher,
  organizationId: string,
  ownerId: string,
  now: Date,
) {
  const [team] = await tx
    .insert(t.teams)
    .values({ organizationId, name: 'Second Shop Support', managerUserId: ownerId })
    .returning({ id: t.teams.id });
  const channelId = await insertChannel(tx, cipher, {
    organizationId,
    type: 'line',
    name: 'Second Shop LINE',
    externalId: SECOND_LINE.channelId,
    botUserId: SECOND_LINE.botUserId,
    secret: SECOND_LINE.secret,
    accessToken: SECOND_LINE.accessToken,
    assignedTeamId: team!.id,
  });
  const [contact] = await tx
    .insert(t.contacts)
    .values({ organizationId, displayName: 'Second Customer', name: 'Wichai Second' })
    .returning({ id: t.contacts.id });
  const [issue] = await tx
    .insert(t.issues)
    .values({
      organizationId,
      channelId,
      contactId: contact!.id,
      teamId: team!.id,
      status: 'un-assigned',
      startDate: now,
      lastResponseAt: now,
    })
    .returning({ id: t.issues.id });
  await tx.insert(t.messages).values({
    organizationId,
    issueId: issue!.id,
    channelId,
    direction: 'inbound',
    senderType: 'customer',
    kind: 'text',
    text: 'Private message of Second Shop',
    providerMessageId: 'seed-second-1',
  });
}

type ChannelSeed = {
  organizationId: string;
  type: 'line' | 'facebook' | 'instagram';
  name: string;
  externalId: string;
  botUserId?: string;
  pageId?: string;
  secret?: string;
  accessToken: string;
  assignedTeamId: string;
};

async function insertChannel(tx: Tx, cipher: Cipher, c: ChannelSeed) {
  const [row] = await tx
    .insert(t.channels)
    .values({
      organizationId: c.organizationId,
      type: c.type,
      name: c.name,
      externalId: c.externalId,
      botUserId: c.botUserId,
      pageId: c.pageId,
      secretEncrypted: c.secret ? cipher.encrypt(c.secret) : null,
      accessTokenEncrypted: cipher.encrypt(c.accessToken),
      assignedTeamId: c.assignedTeamId,
      offServiceResponse:
        'ขณะนี้อยู่นอกเวลาทำการ เราจะติดต่อกลับในเวลาทำการค่ะ / We are outside business hours and will reply when we are back.',
    })
    .returning({ id: t.channels.id });
  return row!.id;
}
