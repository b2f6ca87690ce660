// Downloads customer media (images, video, audio, files, story mentions) into storage soon after arrival:
// LINE content expires and Meta CDN links stop working (docs/channels.md "Media"). A job, so a slow or
// still-preparing download (LINE 202) is retried with backoff without holding up the inbox.
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { z } from 'zod';
import { FILE_MAX_BYTES } from '@sabai/domain';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { GuardedFetchError } from '../../platform/guarded-fetch';
import { defineJob, type JobOf } from '../../platform/jobs';
import { credentialsOf } from '../channels';
import * as repo from './inbound.repo';

/** A message's media as its provider names it (the channels' MediaRef). */
const MediaRefData = z.object({
  source: z.enum(['line-content', 'url']),
  ref: z.string().min(1),
  fileName: z.string().optional(),
  mimeType: z.string().optional(),
});

/** Retries with backoff: LINE answers 202 while it still prepares a video or audio file. */
export const MEDIA_JOB = defineJob(
  'message.download_media',
  z.object({ messageId: z.number().int().positive(), media: MediaRefData }),
  { retryLimit: 5, retryDelay: 2, retryBackoff: true },
);

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
  'audio/m4a': 'm4a',
  'audio/mpeg': 'mp3',
};

export async function downloadMedia(deps: Deps, job: JobOf<typeof MEDIA_JOB>) {
  const found = await repo.findMessageWithChannel(deps.db.orm, job.data.messageId);
  if (!found) return;
  const { message, channel, audience } = found;
  const payload = (message.payload ?? {}) as Record<string, unknown>;
  const finish = (media: Record<string, unknown>, fileId: string | null) =>
    repo.setMediaResult(
      deps.db.orm,
      { messageId: message.id, payload: { ...payload, media }, fileId },
      {
        name: 'message.updated',
        organizationId: message.organizationId,
        data: { issueId: message.issueId, messageId: message.id, ...audience },
      },
    );
  const result = await deps.channels
    .get(channel.type)
    .fetchMedia(credentialsOf(deps, channel), job.data.media);
  if (result === 'pending') {
    if (job.retryCount < job.retryLimit) throw new Error('media still being prepared');
    return finish({ status: 'unavailable' }, null);
  }
  if (!result) return finish({ status: 'unavailable' }, null);
  const mimeType = result.mimeType.split(';')[0]!.trim();
  const filename =
    job.data.media.fileName ?? `${message.kind}-${message.id}.${EXTENSIONS[mimeType] ?? 'bin'}`;
  try {
    const file = await deps.storage.put({
      organizationId: message.organizationId,
      filename,
      mimeType,
      stream: Readable.fromWeb(result.body as WebReadableStream<Uint8Array>),
      maxBytes: FILE_MAX_BYTES,
    });
    await finish({ status: 'stored', fileId: file.id }, file.id);
  } catch (err) {
    if (
      (err instanceof AppError && err.status === 413) ||
      (err instanceof GuardedFetchError && err.reason === 'too_large')
    )
      return finish({ status: 'too_large' }, null);
    throw err;
  }
}
