import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../deps';
import { authenticateRequest } from '../modules/api-tokens';
import { forbidden, notFound } from './errors';
import { contentDisposition, FILES_CSP, peek, servedType } from './served-file';
import { RENDITIONS, type Rendition } from '../platform/file-links';
import { renderRendition } from '../platform/renditions';

// A file id is never a permanent public address (docs/decisions/files.md "Files"). A file is served to a link
// that the server signed for this file and that has not expired (platform/file-links.ts: the app's pages
// get links valid 12 to 18 hours, customers and providers get the organisation's link expiry), or to a
// bearer token of the file's organisation (a session's or an API token). Anything else is 403 `file.link_invalid` or
// `file.link_expired`, before the file is even looked up.

// Any value is read: a repeated or mangled parameter is a refused link (403), not a validation error.
const LinkParam = z.string().max(100).optional().catch(undefined);

export async function fileRoutes(app: FastifyInstance, deps: Deps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/files/:id',
    {
      schema: {
        hide: true,
        params: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{32}$/) }),
        querystring: z.object({
          expires: LinkParam,
          signature: LinkParam,
          as: z.enum(RENDITIONS).optional().catch(undefined),
        }),
      },
      // Public to the access guard: the signature (or the bearer token, below) is the check.
      config: { access: { public: true } },
    },
    async (req, reply) => {
      const { id } = req.params;
      const grant = await grantOf(deps, id, req.query, req.headers.authorization);
      const found = await deps.storage.open(id);
      if (!found) throw notFound();
      if (grant.organizationId !== undefined && !belongsTo(found.file.organizationId, grant.organizationId)) {
        found.stream.destroy();
        throw notFound(); // another organisation's file: its existence is not revealed
      }
      if (req.query.as) {
        // A form a platform can show, made from the stored file (its type is ours, not the uploader's).
        const made = await renderRendition(
          async () => Buffer.concat(await found.stream.toArray()),
          found.file.mimeType,
          req.query.as,
        ).finally(() => found.stream.destroy());
        if (!made) throw notFound('file.no_rendition');
        return served(reply, {
          contentType: made.contentType,
          length: made.body.length,
          cacheControl: grant.cacheControl,
          disposition: contentDisposition(true, renamed(found.file.filename, made.extension)),
        }).send(made.body);
      }
      // The type is decided when served, so files stored before this rule are served safely too.
      const { head, body } = await peek(found.stream);
      const type = servedType(found.file.mimeType, head);
      return served(reply, {
        contentType: type.contentType,
        length: found.file.size,
        cacheControl: grant.cacheControl,
        disposition: contentDisposition(type.inline, found.file.filename),
      }).send(body);
    },
  );
}

/** The headers of a served file: its type and length, how long it may be kept, and no sniffing or scripts. */
function served(
  reply: FastifyReply,
  v: { contentType: string; length: number; cacheControl: string; disposition: string },
) {
  return reply
    .header('content-type', v.contentType)
    .header('content-length', v.length)
    .header('cache-control', v.cacheControl)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', FILES_CSP)
    .header('content-disposition', v.disposition);
}

/** Who may read the file: a signed link (anyone holding it) or a signed-in user of an organisation. */
type Grant = { cacheControl: string; organizationId?: string };

async function grantOf(
  deps: Deps,
  fileId: string,
  {
    expires,
    signature,
    as,
  }: { expires?: string | undefined; signature?: string | undefined; as?: Rendition | undefined },
  authorization: string | undefined,
): Promise<Grant> {
  if (expires === undefined && signature === undefined && authorization) {
    const auth = await authenticateRequest(deps, authorization);
    return { cacheControl: 'private, no-store', organizationId: auth.organizationId };
  }
  const link = deps.fileLinks.check(fileId, expires, signature, as);
  if (!link.ok) throw forbidden(link.code);
  // Only the browser may keep it, and never past the link's end: no cache serves an expired link.
  const remaining = link.expiresAt - Math.floor(deps.clock.now().getTime() / 1000);
  return { cacheControl: `private, max-age=${remaining}, immutable` };
}

/** The file's name with the rendition's extension ("photo.webp" → "photo.jpg"). */
const renamed = (filename: string, extension: string) => `${filename.replace(/\.[^./]*$/, '')}.${extension}`;

/** A file of the organisation, or one that belongs to none (users' pictures, shown in every organisation). */
const belongsTo = (fileOrganizationId: string | null, organizationId: string) =>
  fileOrganizationId === null || fileOrganizationId === organizationId;
