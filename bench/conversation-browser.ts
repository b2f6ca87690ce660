// A long conversation in Chromium (budget: the chat opens at its newest messages in < 1 s, and scrolls back
// to its first message without a frame over 50 ms): `npm run build:web && npx tsx bench/conversation-browser.ts`.
// Makes a fresh database on BENCH_DATABASE_URL's server (default the local one; dropped at the end) with the
// demo data, and gives one of the demo's LINE issues a conversation of BENCH_MESSAGES messages (default
// 10,000) over four months: customer and agent in runs (2.5 messages on average), a tenth of them photos
// (one customer message in six, one agent message in thirty) stored the way the product stores media from
// LINE (a file each, PNGs of four sizes up to 1440 px, in the database's file chunks), one text in about
// twenty-five a long Thai text mixed with English (300 to 900 characters), 3% LINE stickers (served by a
// local stand-in for LINE's sticker CDN). BENCH_LOADS page loads (default 5); BENCH_SCROLL_STEP pixels
// scrolled up per frame (default 600, about 7 messages).
// Prints, for the admin opening that issue's chat (/issue/inbox?issueId=…):
//  - open: from navigation start to the newest message shown in the chat with the main thread free again,
//    per load, median and worst, with PASS/FAIL against 1000 ms;
//  - scrolling back: frames drawn while the chat is scrolled up at a steady speed (older pages load as the
//    top comes near) until its first message is shown, with the frame interval percentiles, the longest
//    frame and the frames over 50 ms, with PASS/FAIL (budget: none); and the content jumps, the times the
//    message at the top of the chat moved without being scrolled (a page added above it without keeping
//    the reader's place, a row above it resized).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';
import { DEMO_ORG, DEMO_PASSWORD, DEMO_USERS, seedDemo } from '../apps/server/src/db/seed';
import { openDb, type Db } from '../apps/server/src/platform/db';
import { loadCipher } from '../apps/server/src/platform/secrets';
import {
  framesLine,
  framesOver,
  ms,
  pct,
  scrollEveryFrame,
  signInWithChromium,
  timeToInteractive,
  untilInPage,
} from './browser-support';
import { createBenchDatabase, serveSeededDb } from './support';
import * as d from './workspace-data';

const LOADS = Number(process.env.BENCH_LOADS ?? 5);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10_000);
const SCROLL_STEP = Number(process.env.BENCH_SCROLL_STEP ?? 600);
const OPEN_BUDGET_MS = 1000;
const LONG_FRAME_MS = 50;
/** Three display beats measure up to 50.1 ms (framesOver). */
const BEAT_SLACK_MS = 0.5;
const ADMIN = DEMO_USERS.find((u) => u.role === 'Admin')!.email;

/** A PNG of `width` × `height` (RGB, or RGBA with `alpha`) whose pixels `colour` gives. */
function png(width: number, height: number, colour: (x: number, y: number) => number[], alpha = false) {
  const channels = alpha ? 4 : 3;
  const raw = Buffer.alloc((width * channels + 1) * height);
  for (let y = 0, at = 0; y < height; y++) {
    raw[at++] = 0; // no filter
    for (let x = 0; x < width; x++) for (const v of colour(x, y)) raw[at++] = v;
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, alpha ? 6 : 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Photos as phones send them: portrait, landscape, square and a screenshot, each a gradient with bands. */
const PHOTOS = (
  [
    [1080, 1440],
    [1440, 1080],
    [1080, 1080],
    [720, 1280],
  ] as const
).map(([w, h], i) =>
  png(w, h, (x, y) => [
    (x * 255) / w,
    (y * 255) / h,
    ((Math.floor(x / 40) + Math.floor(y / 40)) % 2) * 60 + i * 40,
  ]),
);
/** A sticker: a disc on a transparent square. */
const STICKER = png(
  240,
  240,
  (x, y) => ((x - 120) ** 2 + (y - 120) ** 2 < 100 ** 2 ? [250, 200, 40, 255] : [0, 0, 0, 0]),
  true,
);

/** Long messages: a customer's story or an agent's explanation, Thai with English words, 300–900 characters. */
const LONG_PARTS = [
  'สวัสดีค่ะ คือว่าสั่งของไปเมื่อวันจันทร์ที่แล้ว order SB-20931 ค่ะ ตอนนี้สถานะยังขึ้นว่า preparing อยู่เลย',
  'อยากทราบว่าจะได้รับภายในสัปดาห์นี้ไหมคะ เพราะต้องใช้ไปงานแต่งเพื่อนวันเสาร์นี้ค่ะ',
  'ถ้าไม่ทันขอเปลี่ยนเป็นส่ง express ได้ไหมคะ ยินดีจ่ายค่าส่งเพิ่มค่ะ',
  'ขออภัยในความล่าช้านะคะ ทางร้านตรวจสอบให้แล้ว พัสดุออกจากคลังสินค้าที่บางนาเมื่อเช้านี้ค่ะ',
  'tracking number คือ TH0412345678 สามารถเช็คสถานะได้ที่เว็บไซต์ของขนส่งได้เลยค่ะ',
  'โดยปกติจะถึงภายใน 1-2 วันทำการสำหรับกรุงเทพและปริมณฑล ส่วนต่างจังหวัด 2-3 วันทำการค่ะ',
  'เรื่องเปลี่ยนไซซ์ ลูกค้าสามารถส่งสินค้ากลับมาได้ภายใน 7 วันหลังได้รับของ โดยสินค้าต้องยังไม่ผ่านการใช้งานและป้ายยังอยู่ครบค่ะ',
  'Please note that sale items cannot be refunded, but we are happy to exchange them for another size or colour.',
  'ได้รับของแล้วค่ะ แต่สีไม่ตรงกับในรูปเลย ในรูปเป็นสีครีม แต่ที่ได้มาออกเหลืองมาก แนบรูปให้ดูแล้วนะคะ',
  'แล้วก็ตะเข็บด้านข้างมีด้ายหลุดออกมานิดหน่อย ไม่แน่ใจว่าเป็น defect หรือเปล่าคะ',
  'ทางร้านต้องขออภัยเป็นอย่างสูงค่ะ รบกวนลูกค้าส่งรูปสินค้าและใบเสร็จมาให้ทางแชทนี้ได้เลยนะคะ',
  'ทีมงานจะดำเนินการส่งสินค้าชิ้นใหม่ให้ทันที โดยไม่มีค่าใช้จ่ายเพิ่มเติม และจะมี Kerry มารับสินค้าชิ้นเดิมที่บ้านค่ะ',
  'ช่วงนี้มีโปรโมชั่น 11.11 ลด 20% ทั้งร้าน ใช้โค้ด SABAI11 ได้ถึงเที่ยงคืนวันพรุ่งนี้ค่ะ',
  'If you would like to pay by bank transfer, our account is Kasikorn Bank 123-4-56789-0, name Sabai Shop Co., Ltd.',
];
const longText = (n: number) => {
  const parts: string[] = [];
  for (let i = 0; i < 3 + (n % 5); i++) parts.push(LONG_PARTS[(n * 7 + i * 5) % LONG_PARTS.length]!);
  return parts.join(' ');
};

/** Short chat lines from the workspace bench's templates, their placeholders filled. */
const fill = (template: string, n: number) =>
  template
    .replaceAll('{pe}', d.PRODUCTS[n % d.PRODUCTS.length]![1])
    .replaceAll('{p}', d.PRODUCTS[n % d.PRODUCTS.length]![0])
    .replaceAll('{ce}', d.COLOURS[n % d.COLOURS.length]![1])
    .replaceAll('{c}', d.COLOURS[n % d.COLOURS.length]![0])
    .replaceAll('{s2}', d.SIZES[(n + 2) % d.SIZES.length]!)
    .replaceAll('{s}', d.SIZES[n % d.SIZES.length]!)
    .replaceAll('{o}', `SB-${10000 + ((n * 7919) % 90000)}`)
    .replaceAll('{a}', String(190 + ((n * 131) % 4800)))
    .replaceAll('{t}', `TH${String((n * 104729) % 1e10).padStart(10, '0')}`)
    .replaceAll('{ve}', d.PROVINCES[n % d.PROVINCES.length]![1])
    .replaceAll('{v}', d.PROVINCES[n % d.PROVINCES.length]![0])
    .replaceAll('{n}', String(1 + (n % 5)));
const lines = (templates: string[]) =>
  Array.from({ length: 300 }, (_, n) => fill(templates[n % templates.length]!, n));
const CUSTOMER_LINES = [...lines(d.TH_CUSTOMER), ...lines(d.EN_CUSTOMER).slice(0, 60)];
const AGENT_LINES = [...lines(d.TH_AGENT), ...lines(d.EN_AGENT).slice(0, 60)];
const LONG_TEXTS = Array.from({ length: 40 }, (_, n) => longText(n));

/**
 * Replaces the messages of one of the demo's open LINE issues with the long conversation; returns the issue
 * and its first and last message ids.
 */
async function seedConversation(db: Db) {
  const [issue] = await db.query<{ id: string; assignee: string }>(
    `SELECT i.id, i.assignee_user_id AS assignee FROM issues i
       JOIN organizations o ON o.id = i.organization_id JOIN channels c ON c.id = i.channel_id
      WHERE o.name = $1 AND c.type = 'line' AND i.kind = 'conversation' AND i.status = 'on-going'
        AND i.assignee_user_id IS NOT NULL AND i.transferred_from_issue_id IS NULL
      ORDER BY i.id LIMIT 1`,
    [DEMO_ORG],
  );
  if (!issue) throw new Error('no open LINE issue in the demo data');
  await db.query('DELETE FROM messages WHERE issue_id = $1', [issue.id]);
  // Per message k: a hash deciding its kind and text; the side flips with a chance of 2 in 5 after each
  // message (runs of 2.5 on average); a photo is one customer message in six and one agent message in thirty;
  // one message every 12 minutes, about four months in all.
  await db.query(
    `WITH h AS (
       SELECT k, abs(hashtext('conversation-' || k)) AS x, abs(hashtext('side-' || k)) % 5 < 2 AS flips
         FROM generate_series(1, $2::int) k
     ), sides AS (
       SELECT k, x, (count(*) FILTER (WHERE flips) OVER (ORDER BY k)) % 2 = 0 AS customer FROM h
     ), m AS (
       SELECT k, x, customer,
         CASE WHEN x % 6 = 0 AND (customer OR x % 5 = 0) THEN 'image' WHEN x % 100 IN (1, 11, 21) THEN 'sticker'
              ELSE 'text' END AS msg_kind
       FROM sides
     )
     INSERT INTO messages (organization_id, issue_id, channel_id, direction, sender_type, sender_user_id, kind,
       text, payload, delivery_status, provider_message_id, delivered_via, delivery_attempts, created_at)
     SELECT i.organization_id, i.id, i.channel_id,
       CASE WHEN customer THEN 'inbound' ELSE 'outbound' END,
       CASE WHEN customer THEN 'customer' ELSE 'agent' END,
       CASE WHEN customer THEN NULL ELSE $3::uuid END,
       msg_kind,
       CASE WHEN msg_kind <> 'text' THEN NULL
            WHEN x % 20 = 5 THEN ($6::text[])[1 + (x / 20) % cardinality($6::text[])]
            WHEN customer THEN ($4::text[])[1 + (x / 20) % cardinality($4::text[])]
            ELSE ($5::text[])[1 + (x / 20) % cardinality($5::text[])] END,
       CASE msg_kind
         WHEN 'sticker' THEN jsonb_build_object('line', jsonb_build_object('type', 'sticker', 'packageId', '446',
           'stickerId', (1988 + x % 40)::text, 'stickerResourceType', 'STATIC', 'keywords', jsonb_build_array('OK')))
         WHEN 'image' THEN jsonb_build_object('line', jsonb_build_object('type', 'image', 'id', 'bench-' || k,
           'contentProvider', jsonb_build_object('type', 'line'))) END,
       CASE WHEN customer THEN 'received' ELSE 'read' END,
       'bench-conversation-' || k,
       CASE WHEN customer THEN NULL ELSE 'reply' END,
       CASE WHEN customer THEN 0 ELSE 1 END,
       now() - interval '12 minutes' * ($2::int - k)
     FROM m, issues i WHERE i.id = $1 ORDER BY k`,
    [issue.id, MESSAGES, issue.assignee, CUSTOMER_LINES, AGENT_LINES, LONG_TEXTS],
  );
  // Each photo a stored file of its own (as the media download stores it), its body one of the four PNGs.
  await db.query(
    `CREATE TEMP TABLE bench_photos AS
       SELECT m.id AS message_id, left(md5('photo-a' || m.id) || md5('photo-b' || m.id), 32) AS file_id,
              m.id % 4 AS variant, m.organization_id, m.created_at
         FROM messages m WHERE m.issue_id = $1 AND m.kind = 'image'`,
    [issue.id],
  );
  for (const [variant, body] of PHOTOS.entries()) {
    await db.query(
      `INSERT INTO files (id, organization_id, filename, mime_type, size, storage, created_at)
         SELECT file_id, organization_id, 'image-' || message_id || '.png', 'image/png', $2, 'db', created_at
           FROM bench_photos WHERE variant = $1`,
      [variant, body.length],
    );
    await db.query(
      `INSERT INTO file_chunks (file_id, seq, data) SELECT file_id, 0, $2 FROM bench_photos WHERE variant = $1`,
      [variant, body],
    );
  }
  await db.query(
    `INSERT INTO message_attachments (message_id, file_id) SELECT message_id, file_id FROM bench_photos;
     UPDATE messages m SET payload = m.payload || jsonb_build_object('media',
         jsonb_build_object('status', 'stored', 'fileId', p.file_id))
       FROM bench_photos p WHERE m.id = p.message_id;
     DROP TABLE bench_photos`,
  );
  const [span] = await db.query<{ first: string; last: string; customer: Date; last_at: Date }>(
    `SELECT min(id) AS first, max(id) AS last, max(created_at) AS last_at,
            max(created_at) FILTER (WHERE sender_type = 'customer') AS customer
       FROM messages WHERE issue_id = $1`,
    [issue.id],
  );
  await db.query(
    `UPDATE issues SET last_response_at = $2, last_customer_message_at = $3, unread_count = 0 WHERE id = $1`,
    [issue.id, span!.last_at, span!.customer],
  );
  const [counts] = await db.query<{ images: string; stickers: string; long: string; size: string }>(
    `SELECT count(*) FILTER (WHERE kind = 'image') AS images, count(*) FILTER (WHERE kind = 'sticker') AS stickers,
            count(*) FILTER (WHERE length(text) >= 300) AS long,
            pg_size_pretty((SELECT sum(length(data)) FROM file_chunks)) AS size
       FROM messages WHERE issue_id = $1`,
    [issue.id],
  );
  console.log(
    `issue #${issue.id}: ${MESSAGES.toLocaleString()} messages (${counts!.images} photos, ${counts!.stickers} stickers, ` +
      `${counts!.long} long texts; ${counts!.size} of files)`,
  );
  return { issueId: Number(issue.id), firstId: Number(span!.first), lastId: Number(span!.last) };
}

// A stand-in for LINE's sticker CDN: every sticker is the same picture.
const stickers = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=86400' }).end(STICKER);
});
await new Promise<void>((resolve) => stickers.listen(0, '127.0.0.1', resolve));
const stickerBase = `http://127.0.0.1:${(stickers.address() as AddressInfo).port}/stickershop/v1/sticker`;

const database = await createBenchDatabase('sabai_bench');
const started = performance.now();
const db = await openDb({ databaseUrl: database.url, poolSize: 20 });
// What is left to close: the database, then the server (which closes it), then the browser (which closes both).
let close = () => db.close();
try {
  await db.migrate();
  await seedDemo(db, await loadCipher({}, db));
  const conversation = await seedConversation(db);
  console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const server = await serveSeededDb(db, database.url, {
    serveWebApp: true,
    env: { STICKER_IMAGE_BASE_URL: stickerBase },
  });
  close = async () => {}; // signing in closes the server when it fails
  const { page, close: closeBrowser } = await signInWithChromium(server, {
    email: ADMIN,
    password: DEMO_PASSWORD,
  });
  close = closeBrowser;

  // The newest message in view inside the chat.
  const newestShown = `(() => {
    const list = document.querySelector('[data-testid="message-list"]');
    const newest = list && list.querySelector('[data-message-id="${conversation.lastId}"]');
    if (!newest) return false;
    const a = list.getBoundingClientRect(), b = newest.getBoundingClientRect();
    return b.bottom > a.top && b.top < a.bottom;
  })()`;
  const open = await timeToInteractive(page, `/issue/inbox?issueId=${conversation.issueId}`, LOADS, () =>
    untilInPage(page, newestShown),
  );
  console.log(
    `chat open at its newest messages (${LOADS} loads): median ${ms(pct(open, 50))}, worst ${ms(Math.max(...open))} (budget < ${OPEN_BUDGET_MS} ms); each: ${open.map(ms).join(', ')}`,
  );

  // Back to the first message, one step up per frame, counting the older pages asked for on the way.
  let olderPages = 0;
  page.on('request', (request) => {
    if (/\/issues\/\d+\/messages\?.*before=/.test(request.url())) olderPages++;
  });
  const scroll = await scrollEveryFrame(page, {
    scroller: '[data-testid="message-list"]',
    step: -SCROLL_STEP,
    progress: `scroller.scrollTop <= 0 && scroller.querySelector('[data-message-id="${conversation.firstId}"]') ? 1 : 0`,
    target: 1,
    rows: '[data-message-id]',
  });
  const long = framesOver(scroll.intervals, LONG_FRAME_MS, BEAT_SLACK_MS);
  const largestJump = Math.max(0, ...scroll.jumps.map(Math.abs));
  console.log(
    `scrolled back ${(scroll.scrolledPx / 1000).toFixed(0)}k px through ${olderPages} older pages in ${scroll.seconds.toFixed(1)} s` +
      `${scroll.reached ? ' to the first message' : ', NOT reaching the first message'}: ${framesLine(scroll.intervals, LONG_FRAME_MS, BEAT_SLACK_MS)}; ` +
      `content jumps: ${scroll.jumps.length} (largest ${largestJump} px)`,
  );
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  console.log(
    `${verdict(Math.max(...open) < OPEN_BUDGET_MS)} open: worst ${ms(Math.max(...open))} < ${OPEN_BUDGET_MS} ms`,
  );
  console.log(
    `${verdict(scroll.reached && long === 0)} scroll back: ${long} frames over ${LONG_FRAME_MS} ms (longest ${Math.max(...scroll.intervals).toFixed(1)} ms), budget none`,
  );
} finally {
  await close();
  await database.drop();
  stickers.close();
}
