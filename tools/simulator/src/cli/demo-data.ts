// The demo tenant (matches the server's demo seed, see the root README) and the customers who chat in `--demo`.

/** Defaults of `serve`; every value can be overridden by a flag. */
export const DEMO_DEFAULTS = {
  port: 4100,
  lineChannelId: '1650000001',
  lineSecret: 'c0ffee00c0ffee00c0ffee00c0ffee00',
  lineToken: 'demo-line-channel-access-token',
  lineBotUserId: 'U0000000000000000000000000000d3e0',
  lineWebhook: 'http://localhost:3000/webhooks/line/1650000001',
  /** Pushes a month, as LINE's free plan in Thailand (`--line-quota none` for no limit). */
  lineQuota: '300',
  metaAppId: '100000000000000',
  metaAppSecret: 'demo-meta-app-secret',
  metaVerifyToken: 'demo-verify-token',
  metaWebhook: 'http://localhost:3000/webhooks/meta',
  pageId: '100000000000001',
  pageName: 'Sabai Facebook Page',
  pageToken: 'demo-page-access-token',
  igId: '17840000000000001',
  igUsername: 'sabai.shop',
  igToken: 'demo-instagram-access-token',
  /** API key of the fake model endpoint, for the server's AI assist settings. */
  aiKey: 'demo-ai-key',
};

/** One message of a demo customer's script. */
export type DemoLine =
  | { kind: 'text'; text: string }
  | { kind: 'image' }
  | { kind: 'sticker' }
  | { kind: 'story_reply'; text: string }
  | { kind: 'story_mention' };

/** A demo customer: who, where, and what they say, in order. */
export interface DemoCustomer {
  platform: 'line' | 'messenger' | 'instagram';
  userId: string;
  name: string;
  /** Messenger first/last name; Instagram username. */
  firstName?: string;
  lastName?: string;
  username?: string;
  language?: string;
  script: DemoLine[];
}

const text = (value: string): DemoLine => ({ kind: 'text', text: value });

/** Thai and English customers on each channel. */
export const DEMO_CUSTOMERS: DemoCustomer[] = [
  {
    platform: 'line',
    userId: 'U4f1c2d3e4f5a6b7c8d9e0f1a2b3c4d01',
    name: 'สมชาย ใจดี',
    language: 'th',
    script: [
      text('สวัสดีครับ สั่งเสื้อไปเมื่อวาน ยังไม่ได้เลขพัสดุเลยครับ'),
      text('ออเดอร์ #TH-10293 ครับ'),
      { kind: 'image' },
      text('ขอบคุณมากครับ 🙏'),
      { kind: 'sticker' },
    ],
  },
  {
    platform: 'line',
    userId: 'Ub2c3d4e5f6a7b8c9d0e1f2a3b4c5d602',
    name: 'Emily Carter',
    language: 'en',
    script: [
      text('Hi! Do you ship to Chiang Mai?'),
      text('How long does delivery usually take?'),
      text("Great, I'll place an order tonight 😊"),
    ],
  },
  {
    platform: 'messenger',
    userId: '24000000000000011',
    name: 'นภา ศรีสุข',
    firstName: 'นภา',
    lastName: 'ศรีสุข',
    script: [text('สวัสดีค่ะ มีไซซ์ M สีดำไหมคะ'), text('ราคาเท่าไหร่คะ'), text('โอนแล้วนะคะ'), { kind: 'image' }],
  },
  {
    platform: 'messenger',
    userId: '24000000000000012',
    name: 'James Wilson',
    firstName: 'James',
    lastName: 'Wilson',
    script: [
      text('Hello, I was charged twice for order 55812.'),
      text('Here is the bank slip'),
      { kind: 'image' },
      text('Thanks for sorting it out!'),
    ],
  },
  {
    platform: 'instagram',
    userId: '35000000000000021',
    name: 'พลอย',
    username: 'ploy.style',
    script: [
      { kind: 'story_reply', text: 'ชุดนี้น่ารักมากค่ะ มีไซซ์ S ไหมคะ' },
      text('ส่ง Kerry ได้ไหมคะ'),
      { kind: 'story_mention' },
    ],
  },
  {
    platform: 'instagram',
    userId: '35000000000000022',
    name: 'Mike Chen',
    username: 'mike_travels',
    script: [
      text('Hey! Saw your story — is the tote bag still available?'),
      text('Can I pick it up at the Siam store?'),
    ],
  },
];

/** The demo posts (Page and Instagram) that Messenger and Instagram demo customers now and then comment on. */
export const DEMO_POSTS = {
  page: 'ลดราคาสุดสัปดาห์นี้! Weekend sale: 20% off all dresses 👗',
  instagram: 'New summer collection is here ☀️ #sabaishop',
};

/** What demo customers say in comments, in turn. */
export const DEMO_COMMENTS = [
  'ราคาเท่าไหร่คะ',
  'Is this still available in size S?',
  'สนใจค่ะ ทักแชทไปแล้วนะคะ',
  'Do you ship to Phuket?',
  'มีสีอื่นไหมครับ',
];
