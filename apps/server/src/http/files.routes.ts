import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../deps';
import { notFound } from './errors';
import { contentDisposition, FILES_CSP, peek, servedType } from './served-file';

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
      // The type is decided when served, so files stored before this rule are served safely too.
      const { head, body } = await peek(found.stream);
      const served = servedType(found.file.mimeType, head);
      return reply
        .header('content-type', served.contentType)
        .header('content-length', found.file.size)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', FILES_CSP)
        .header('content-disposition', contentDisposition(served.inline, found.file.filename))
        .send(body);
    },
  );
}
