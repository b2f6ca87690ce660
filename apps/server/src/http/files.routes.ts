import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../deps';
import { notFound } from './errors';

// Files are served by capability URL (/files/{32 random chars}): the id is the secret, which lets <img>
// tags load avatars and media without a bearer header. Organisation-bound media will add a signed,
// expiring variant when attachments arrive.
export async function fileRoutes(app: FastifyInstance, deps: Deps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/files/:id',
    {
      schema: { hide: true, params: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{32}$/) }) },
      config: { access: { public: true } },
    },
    async (req, reply) => {
      const found = await deps.storage.open(req.params.id);
      if (!found) throw notFound();
      const disposition = found.file.mimeType.startsWith('image/') ? 'inline' : 'attachment';
      return reply
        .header('content-type', found.file.mimeType)
        .header('content-length', found.file.size)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-disposition',
          `${disposition}; filename*=UTF-8''${encodeURIComponent(found.file.filename)}`,
        )
        .send(found.stream);
    },
  );
}
