// Canned categories and responses (duplicate names refused, "canned response not found or
// not allowed", messages up to 500 letters). Scope all manages everyone's and creates shared ones; myCanned manages
// their own and reads the shared ones (the composer needs the organisation's answers too).
import { isCannedMessageWithinLimit, scopeFor, type Action, type Scope } from '@sabai/domain';
import type {
  CannedCategory,
  CannedResponse,
  Page,
  SaveCannedCategory,
  SaveCannedResponse,
} from '@sabai/contracts';
import type { Deps } from '../../deps';
import { isUniqueViolation } from '../../db/list-helpers';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../../ports';
import { presentPerson } from '../people';
import * as repo from './canned-responses.repo';

type CategoryQuery = Parameters<typeof repo.listCategories>[2];
type ResponseQuery = Parameters<typeof repo.listResponses>[2];

/** What a scope reaches for reading (`view`) or for changing (other actions). */
function reach(auth: AuthContext, scope: Scope, action: Action): repo.Reach {
  const kind = scope === 'all' ? 'all' : action === 'view' ? 'ownOrShared' : 'own';
  return { organizationId: auth.organizationId, userId: auth.userId, kind };
}

const cannedNotFound = () => notFound('canned.not_found', 'Canned response not found or not allowed.');
const categoryExists = () => conflict('canned.category_exists', 'This canned category already exists.');
const responseExists = () => conflict('canned.response_exists', 'This canned response already exists.');

// --- categories -------------------------------------------------------------------------------------------

export async function listCategories(
  deps: Deps,
  auth: AuthContext,
  scope: Scope,
  q: CategoryQuery,
): Promise<Page<CannedCategory>> {
  const { rows, total } = await repo.listCategories(deps.db.orm, reach(auth, scope, 'view'), q);
  return {
    items: rows.map((r) => presentOwned(deps, auth, r, r)),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export async function createCategory(
  deps: Deps,
  auth: AuthContext,
  scope: Scope,
  input: SaveCannedCategory,
): Promise<CannedCategory> {
  const ownerUserId = scope === 'all' ? null : auth.userId;
  if (await repo.categoryNameTaken(deps.db.orm, auth.organizationId, ownerUserId, input.name)) {
    throw categoryExists();
  }
  const id = await unique(categoryExists, () =>
    repo.insertCategory(deps.db.orm, {
      organizationId: auth.organizationId,
      ownerUserId,
      name: input.name,
      createdAt: deps.clock.now(),
    }),
  );
  return getCategory(deps, auth, id);
}

export async function updateCategory(
  deps: Deps,
  auth: AuthContext,
  scope: Scope,
  id: string,
  input: SaveCannedCategory,
): Promise<CannedCategory> {
  const row = await repo.findCategory(deps.db.orm, reach(auth, scope, 'update'), id);
  if (!row) throw cannedNotFound();
  if (await repo.categoryNameTaken(deps.db.orm, auth.organizationId, row.ownerUserId, input.name, id)) {
    throw categoryExists();
  }
  await unique(categoryExists, () => repo.renameCategory(deps.db.orm, id, input.name));
  return getCategory(deps, auth, id);
}

/** Deletes a category and its responses. */
export async function deleteCategory(deps: Deps, auth: AuthContext, scope: Scope, id: string) {
  const row = await repo.findCategory(deps.db.orm, reach(auth, scope, 'delete'), id);
  if (!row) throw cannedNotFound();
  await repo.deleteCategory(deps.db.orm, id);
}

async function getCategory(deps: Deps, auth: AuthContext, id: string) {
  const row = await repo.findCategory(deps.db.orm, reach(auth, 'all', 'view'), id);
  if (!row) throw cannedNotFound();
  return presentOwned(deps, auth, row, row);
}

// --- responses --------------------------------------------------------------------------------------------

/** The settings list and the composer's search (name or message contains the text). */
export async function listResponses(
  deps: Deps,
  auth: AuthContext,
  scope: Scope,
  q: ResponseQuery,
): Promise<Page<CannedResponse>> {
  const { rows, total } = await repo.listResponses(deps.db.orm, reach(auth, scope, 'view'), q);
  return { items: await presentResponses(deps, auth, rows), total, page: q.page, pageSize: q.pageSize };
}

export async function getResponse(deps: Deps, auth: AuthContext, scope: Scope, id: string) {
  const row = await repo.findResponse(deps.db.orm, reach(auth, scope, 'view'), id);
  if (!row) throw cannedNotFound();
  return (await presentResponses(deps, auth, [row]))[0]!;
}

export async function createResponse(
  deps: Deps,
  auth: AuthContext,
  scope: Scope,
  input: SaveCannedResponse,
): Promise<CannedResponse> {
  const category = await assertValidResponse(deps, auth, scope, 'create', input);
  const id = await unique(responseExists, () =>
    deps.db.orm.transaction(async (tx) => {
      const responseId = await repo.insertResponse(tx, {
        organizationId: auth.organizationId,
        categoryId: category.id,
        ownerUserId: category.ownerUserId,
        name: input.name,
        message: input.message,
        quickReplies: input.quickReplies,
        createdAt: deps.clock.now(),
      });
      await repo.replaceAttachments(tx, responseId, input.fileIds);
      return responseId;
    }),
  );
  return getResponse(deps, auth, 'all', id);
}

export async function updateResponse(
  deps: Deps,
  auth: AuthContext,
  scope: Scope,
  id: string,
  input: SaveCannedResponse,
): Promise<CannedResponse> {
  const row = await repo.findResponse(deps.db.orm, reach(auth, scope, 'update'), id);
  if (!row) throw cannedNotFound();
  const category = await assertValidResponse(deps, auth, scope, 'update', input, id);
  await unique(responseExists, () =>
    deps.db.orm.transaction(async (tx) => {
      await repo.updateResponse(tx, id, {
        categoryId: category.id,
        name: input.name,
        message: input.message,
        quickReplies: input.quickReplies,
        ownerUserId: category.ownerUserId,
      });
      await repo.replaceAttachments(tx, id, input.fileIds);
    }),
  );
  return getResponse(deps, auth, 'all', id);
}

export async function deleteResponse(deps: Deps, auth: AuthContext, scope: Scope, id: string) {
  const row = await repo.findResponse(deps.db.orm, reach(auth, scope, 'delete'), id);
  if (!row) throw cannedNotFound();
  await repo.deleteResponse(deps.db.orm, id);
}

/** Checks a response and returns the category it goes into (one the caller may change). */
async function assertValidResponse(
  deps: Deps,
  auth: AuthContext,
  scope: Scope,
  action: Action,
  input: SaveCannedResponse,
  exceptId?: string,
) {
  if (!isCannedMessageWithinLimit(input.message)) {
    throw badRequest('canned.message_too_long', 'The message can have at most 500 letters.');
  }
  const category = await repo.findCategory(deps.db.orm, reach(auth, scope, action), input.categoryId);
  if (!category) throw cannedNotFound();
  const fileIds = [...new Set(input.fileIds)];
  if ((await repo.filesOfOrganization(deps.db.orm, auth.organizationId, fileIds)).length !== fileIds.length) {
    throw badRequest('file.not_found', 'File not found.');
  }
  if (await repo.responseNameTaken(deps.db.orm, category.id, input.name, exceptId)) throw responseExists();
  return category;
}

async function unique<T>(duplicate: () => Error, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate();
    throw err;
  }
}

// --- presenting -------------------------------------------------------------------------------------------

function ownership(auth: AuthContext, ownerUserId: string | null) {
  // A shared item is changed by scope all only; an own item by its owner (myCanned) or scope all.
  const may = (action: Action) => {
    const scope = scopeFor(auth.role, 'canned_response', action);
    return scope === 'all' || (scope === 'myCanned' && ownerUserId === auth.userId);
  };
  return { isShared: ownerUserId === null, canUpdate: may('update'), canDelete: may('delete') };
}

function presentOwned<T extends { id: string; name: string; ownerUserId: string | null; createdAt: Date }>(
  deps: Deps,
  auth: AuthContext,
  r: T,
  extra: { responseCount: number; owner: repo.CategoryRow['owner'] },
): CannedCategory {
  return {
    id: r.id,
    name: r.name,
    responseCount: extra.responseCount,
    owner: presentPerson(deps.fileLinks, extra.owner),
    createdAt: r.createdAt.toISOString(),
    ...ownership(auth, r.ownerUserId),
  };
}

async function presentResponses(deps: Deps, auth: AuthContext, rows: repo.ResponseRow[]) {
  const attachments = await repo.attachmentsOf(
    deps.db.orm,
    rows.map((r) => r.id),
  );
  return rows.map((r): CannedResponse => ({
    id: r.id,
    name: r.name,
    message: r.message,
    quickReplies: r.quickReplies,
    category: { id: r.category.id, name: r.category.name },
    attachments: attachments
      .filter((a) => a.responseId === r.id)
      .map((a) => ({
        id: a.id,
        url: deps.fileLinks.appPath(a.id),
        filename: a.filename,
        mimeType: a.mimeType,
        size: a.size,
      })),
    owner: presentPerson(deps.fileLinks, r.owner),
    createdAt: r.createdAt.toISOString(),
    ...ownership(auth, r.ownerUserId),
  }));
}
