// The only file of canned responses that touches the database. A category and its responses share one
// owner: null for the organisation's shared ones, a user for someone's own (scope myCanned).
import { and, asc, count, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { cannedCategories, cannedResponseAttachments, cannedResponses, files, users } from '../../db/schema';
import { idsInOrganization, ilikeAny, pageOf, orderTerms } from '../../db/list-helpers';
import type { Executor } from '../../platform/db';

/**
 * Which rows a caller reaches: `all` the organisation's; `own` their own; `ownOrShared` their own and
 * the shared ones (what myCanned may read).
 */
export type Reach = { organizationId: string; userId: string; kind: 'all' | 'own' | 'ownOrShared' };

const reachOf = (
  owner: typeof cannedCategories.ownerUserId | typeof cannedResponses.ownerUserId,
  r: Reach,
) =>
  r.kind === 'all'
    ? undefined
    : r.kind === 'own'
      ? eq(owner, r.userId)
      : or(eq(owner, r.userId), isNull(owner));

const ownerColumns = {
  id: users.id,
  email: users.email,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  avatarFileId: users.avatarFileId,
};

// --- categories -------------------------------------------------------------------------------------------

const categoryColumns = {
  id: cannedCategories.id,
  name: cannedCategories.name,
  ownerUserId: cannedCategories.ownerUserId,
  createdAt: cannedCategories.createdAt,
  owner: ownerColumns,
  responseCount: sql<number>`(select count(*)::int from ${cannedResponses} where ${cannedResponses.categoryId} = ${cannedCategories.id})`,
};

const categoryWhere = (r: Reach) =>
  and(eq(cannedCategories.organizationId, r.organizationId), reachOf(cannedCategories.ownerUserId, r));

export async function listCategories(
  ex: Executor,
  r: Reach,
  q: {
    search?: string | undefined;
    sort: 'name' | 'createdAt';
    order: 'asc' | 'desc';
    page: number;
    pageSize: number;
  },
) {
  const where = and(categoryWhere(r), q.search ? ilikeAny(q.search, cannedCategories.name) : undefined);
  const sortColumn =
    q.sort === 'createdAt' ? cannedCategories.createdAt : sql`lower(${cannedCategories.name})`;
  return pageOf(
    ex
      .select(categoryColumns)
      .from(cannedCategories)
      .leftJoin(users, eq(users.id, cannedCategories.ownerUserId))
      .where(where)
      .$dynamic(),
    ex.select({ n: count() }).from(cannedCategories).where(where),
    orderTerms(q.order, sortColumn, cannedCategories.id),
    q,
  );
}
export type CategoryRow = Awaited<ReturnType<typeof listCategories>>['rows'][number];

export async function findCategory(ex: Executor, r: Reach, id: string) {
  const [row] = await ex
    .select(categoryColumns)
    .from(cannedCategories)
    .leftJoin(users, eq(users.id, cannedCategories.ownerUserId))
    .where(and(categoryWhere(r), eq(cannedCategories.id, id)));
  return row ?? null;
}

export async function categoryNameTaken(
  ex: Executor,
  organizationId: string,
  ownerUserId: string | null,
  name: string,
  exceptId?: string,
) {
  const rows = await ex
    .select({ id: cannedCategories.id })
    .from(cannedCategories)
    .where(
      and(
        eq(cannedCategories.organizationId, organizationId),
        ownerUserId ? eq(cannedCategories.ownerUserId, ownerUserId) : isNull(cannedCategories.ownerUserId),
        sql`lower(${cannedCategories.name}) = ${name.toLowerCase()}`,
        exceptId ? ne(cannedCategories.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertCategory(ex: Executor, v: typeof cannedCategories.$inferInsert) {
  const [row] = await ex.insert(cannedCategories).values(v).returning({ id: cannedCategories.id });
  return row!.id;
}

export async function renameCategory(ex: Executor, id: string, name: string) {
  await ex.update(cannedCategories).set({ name }).where(eq(cannedCategories.id, id));
}

/** Deletes a category with its responses (the confirmation says so). */
export async function deleteCategory(ex: Executor, id: string) {
  await ex.delete(cannedCategories).where(eq(cannedCategories.id, id));
}

// --- responses --------------------------------------------------------------------------------------------

const responseColumns = {
  id: cannedResponses.id,
  name: cannedResponses.name,
  message: cannedResponses.message,
  quickReplies: cannedResponses.quickReplies,
  ownerUserId: cannedResponses.ownerUserId,
  createdAt: cannedResponses.createdAt,
  category: { id: cannedCategories.id, name: cannedCategories.name },
  owner: ownerColumns,
};

const responseWhere = (r: Reach) =>
  and(eq(cannedResponses.organizationId, r.organizationId), reachOf(cannedResponses.ownerUserId, r));

const selectResponses = (ex: Executor) =>
  ex
    .select(responseColumns)
    .from(cannedResponses)
    .innerJoin(cannedCategories, eq(cannedCategories.id, cannedResponses.categoryId))
    .leftJoin(users, eq(users.id, cannedResponses.ownerUserId));

export async function listResponses(
  ex: Executor,
  r: Reach,
  q: {
    search?: string | undefined;
    categoryId?: string | undefined;
    sort: 'name' | 'createdAt' | 'category';
    order: 'asc' | 'desc';
    page: number;
    pageSize: number;
  },
) {
  const where = and(
    responseWhere(r),
    q.categoryId ? eq(cannedResponses.categoryId, q.categoryId) : undefined,
    q.search ? ilikeAny(q.search, cannedResponses.name, cannedResponses.message) : undefined,
  );
  const sorts: Record<typeof q.sort, SQL> = {
    name: sql`lower(${cannedResponses.name})`,
    createdAt: sql`${cannedResponses.createdAt}`,
    category: sql`lower(${cannedCategories.name})`,
  };
  return pageOf(
    selectResponses(ex).where(where).$dynamic(),
    ex.select({ n: count() }).from(cannedResponses).where(where),
    orderTerms(q.order, sorts[q.sort], cannedResponses.id),
    q,
  );
}
export type ResponseRow = Awaited<ReturnType<typeof listResponses>>['rows'][number];

export async function findResponse(ex: Executor, r: Reach, id: string) {
  const [row] = await selectResponses(ex).where(and(responseWhere(r), eq(cannedResponses.id, id)));
  return row ?? null;
}

export async function responseNameTaken(ex: Executor, categoryId: string, name: string, exceptId?: string) {
  const rows = await ex
    .select({ id: cannedResponses.id })
    .from(cannedResponses)
    .where(
      and(
        eq(cannedResponses.categoryId, categoryId),
        sql`lower(${cannedResponses.name}) = ${name.toLowerCase()}`,
        exceptId ? ne(cannedResponses.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertResponse(ex: Executor, v: typeof cannedResponses.$inferInsert) {
  const [row] = await ex.insert(cannedResponses).values(v).returning({ id: cannedResponses.id });
  return row!.id;
}

export async function updateResponse(
  ex: Executor,
  id: string,
  v: Pick<
    typeof cannedResponses.$inferInsert,
    'categoryId' | 'name' | 'message' | 'quickReplies' | 'ownerUserId'
  >,
) {
  await ex.update(cannedResponses).set(v).where(eq(cannedResponses.id, id));
}

export async function deleteResponse(ex: Executor, id: string) {
  await ex.delete(cannedResponses).where(eq(cannedResponses.id, id));
}

/** Of `ids`, the files uploaded in the organisation. */
export const filesOfOrganization = (ex: Executor, organizationId: string, ids: string[]) =>
  idsInOrganization(ex, files, organizationId, ids);

export async function replaceAttachments(ex: Executor, responseId: string, fileIds: string[]) {
  await ex
    .delete(cannedResponseAttachments)
    .where(eq(cannedResponseAttachments.cannedResponseId, responseId));
  if (fileIds.length === 0) return;
  await ex
    .insert(cannedResponseAttachments)
    .values(fileIds.map((fileId, position) => ({ cannedResponseId: responseId, fileId, position })));
}

export async function attachmentsOf(ex: Executor, responseIds: string[]) {
  if (responseIds.length === 0) return [];
  return ex
    .select({
      responseId: cannedResponseAttachments.cannedResponseId,
      id: files.id,
      filename: files.filename,
      mimeType: files.mimeType,
      size: files.size,
    })
    .from(cannedResponseAttachments)
    .innerJoin(files, eq(files.id, cannedResponseAttachments.fileId))
    .where(inArray(cannedResponseAttachments.cannedResponseId, responseIds))
    .orderBy(asc(cannedResponseAttachments.position));
}

/** A response's text and buttons as automation sends them (rules, macros); null when it is not the organisation's. */
export async function findResponseToSend(ex: Executor, organizationId: string, id: string) {
  const [row] = await ex
    .select({
      name: cannedResponses.name,
      message: cannedResponses.message,
      quickReplies: cannedResponses.quickReplies,
      ownerUserId: cannedResponses.ownerUserId,
    })
    .from(cannedResponses)
    .where(and(eq(cannedResponses.id, id), eq(cannedResponses.organizationId, organizationId)));
  return row ?? null;
}
