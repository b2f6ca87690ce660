// Media whose URL arrives in a webhook (LINE "external" content, Meta attachment links): anyone who can
// sign a webhook, or a customer's provider, chooses that URL, so it is fetched only through the guarded client.
import { Readable } from 'node:stream';
import { FILE_MAX_BYTES } from '@sabai/domain';
import { GuardedFetchError, type GuardedFetch } from '../platform/guarded-fetch';

/** A generous bound for the largest file over a slow link; a timeout is retried by the media job. */
const MEDIA_TIMEOUT_MS = 120_000;

/**
 * The media body and its declared type, or null when it may not or cannot be had (a non-public host, a
 * 4xx): the message then keeps a failed-media state. Time-outs, network errors and 5xx throw, to be retried.
 */
export async function fetchMediaUrl(fetchUrl: GuardedFetch, url: string) {
  try {
    const res = await fetchUrl(url, { maxBytes: FILE_MAX_BYTES, timeoutMs: MEDIA_TIMEOUT_MS });
    if (res.status >= 500) {
      res.body.resume();
      throw new Error(`media host answered ${res.status}`);
    }
    if (res.status < 200 || res.status >= 300) {
      res.body.resume();
      return null;
    }
    const type = res.headers['content-type'];
    return {
      body: Readable.toWeb(res.body) as ReadableStream<Uint8Array>,
      mimeType: type ?? 'application/octet-stream',
    };
  } catch (err) {
    if (err instanceof GuardedFetchError && err.reason === 'blocked') return null;
    throw err;
  }
}
