// Pictures a LINE customer can open: the agent sends a GIF (LINE shows only JPEG and PNG) and a photo over
// LINE's 1 MB preview limit from a phone, sees the message sent, and the customer gets the GIF as a JPEG and
// the photo as it is with a small preview (judged by what the simulator fetched, as LINE fetches them). In
// Thai, on a phone.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { TranslationKey } from '@sabai/i18n';
import { apiSession } from '../support/api';
import type { Locale } from '../support/browser';
import { assignedLineCustomer, userIdOf } from '../support/customers';
import { DEMO_PASSWORD } from '../support/demo';
import { openSignedIn, useBrowser } from '../support/journey';
import { snap } from '../support/settings';
import { inject } from '../support/stack';
import { text } from '../support/texts';

const browser = useBrowser();
const MANAGER = 'manager@demo.local';
const MB = 1024 * 1024;
const lang = 'th' as Locale;
const t = (key: TranslationKey) => text(lang, key);

/** A photo as a phone takes it: a JPEG whose grain keeps it over 1 MB. */
async function largePhoto(): Promise<Buffer> {
  const [width, height] = [1400, 1000];
  const grain = Buffer.from(
    Array.from({ length: width * height * 3 }, () => Math.floor(Math.random() * 256)),
  );
  return sharp(grain, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

const promotionGif = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: '#f97316' } })
    .gif()
    .toBuffer();

describe('pictures on LINE in th', () => {
  it('sends a GIF and a large photo from a phone that the customer can open', async () => {
    const admin = await apiSession(inject('baseUrl'), 'admin@demo.local', DEMO_PASSWORD);
    const customer = await assignedLineCustomer(
      admin,
      await userIdOf(MANAGER),
      `Pictures${randomBytes(2).toString('hex')}`,
    );
    await admin.dispose();
    const [gif, photo] = [await promotionGif(), await largePhoto()];
    expect(photo.length).toBeGreaterThan(MB);

    const { context, page, errors } = await openSignedIn(
      browser(),
      MANAGER,
      lang,
      'phone',
      `/mobile/issue/chat?lang=${lang}&issueId=${customer.issueId}`,
    );
    await page.getByTestId('file-input').setInputFiles([
      { name: 'promotion.gif', mimeType: 'image/gif', buffer: gif },
      { name: 'shop-front.jpg', mimeType: 'image/jpeg', buffer: photo },
    ]);
    await page.getByTestId('composer').getByText('shop-front.jpg').waitFor();
    await page.getByTestId('send').click();
    const sent = page.getByTestId('message').filter({ has: page.getByAltText('shop-front.jpg') });
    await expect
      .poll(() => sent.getByTestId('delivery-status').innerText(), { timeout: 20_000 })
      .toBe(t('inbox.delivery.sent'));
    // Both pictures show in the chat, drawn in full.
    expect(await sent.getByAltText('promotion.gif').count()).toBe(1);
    await expect
      .poll(() =>
        sent
          .locator('img')
          .evaluateAll((pictures) =>
            pictures.every(
              (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
            ),
          ),
      )
      .toBe(true);
    // The chat follows the pictures as they are drawn: the message sent stays in sight at the bottom.
    const list = page.getByTestId('message-list');
    await expect
      .poll(() => list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight))
      .toBeLessThan(2);
    await snap(page, `line-pictures-phone-${lang}`);

    // LINE got two pictures, in the order they were attached, and fetched each one and its preview.
    const pictures = async () =>
      (await customer.receivedEntries()).filter(
        (entry) => (entry.message as { type?: string }).type === 'image' && entry.media,
      );
    await expect.poll(async () => (await pictures()).length).toBe(2);
    const [gifEntry, photoEntry] = await pictures();
    const fetched = (entry: typeof gifEntry, property: string) =>
      entry!.media!.find((m) => m.property === property)!;
    expect(fetched(gifEntry, 'originalContentUrl')).toMatchObject({
      contentType: 'image/jpeg',
      problem: null,
    });
    expect(fetched(photoEntry, 'originalContentUrl')).toMatchObject({
      contentType: 'image/jpeg',
      bytes: photo.length,
      problem: null,
    });
    const preview = fetched(photoEntry, 'previewImageUrl');
    expect(preview).toMatchObject({ contentType: 'image/jpeg', problem: null });
    expect(preview.bytes).toBeLessThan(MB);
    expect(errors).toEqual([]);
    await context.close();
  });
});
