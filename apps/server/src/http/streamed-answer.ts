// Answers a `stream: true` route (the route map): JSON lines written as a model writes its answer, so the
// agent sees the draft grow. The status is decided by the first piece: a call refused or failed before it
// (AI off, over budget, endpoint down) answers an ordinary error envelope; one that fails after it ends the
// stream with an `error` line carrying the code, since the 200 is already on its way.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AssistStreamLine } from '@sabai/contracts';
import { AppError } from './errors';

/** Writes what `produce` streams; `produce` gets each piece's callback and a signal for a closed request. */
export async function streamedAnswer(
  req: FastifyRequest,
  reply: FastifyReply,
  produce: (onDelta: (text: string) => void, signal: AbortSignal) => Promise<string>,
): Promise<void> {
  const closed = new AbortController();
  // The agent closed the composer or the page: the model's answer is no longer wanted.
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) closed.abort();
  });
  let started = false;
  const write = (line: AssistStreamLine) => reply.raw.write(`${JSON.stringify(line)}\n`);
  const start = () => {
    if (started) return;
    started = true;
    reply.hijack();
    // The headers hooks set so far (request id, security headers) go with the stream.
    for (const [name, value] of Object.entries(reply.getHeaders()))
      if (value !== undefined) reply.raw.setHeader(name, value);
    reply.raw.writeHead(200, {
      'content-type': 'application/x-ndjson; charset=utf-8',
      'cache-control': 'no-store',
      // Proxies pass the lines on as they come instead of buffering the answer.
      'x-accel-buffering': 'no',
    });
  };
  try {
    const text = await produce((delta) => {
      start();
      write({ delta });
    }, closed.signal);
    start();
    write({ done: true, text });
    reply.raw.end();
  } catch (err) {
    if (!started) throw err;
    const code = err instanceof AppError ? err.code : 'internal';
    if (!(err instanceof AppError)) req.log.error({ err }, 'streamed answer failed');
    write({ error: { code } });
    reply.raw.end();
  }
}
