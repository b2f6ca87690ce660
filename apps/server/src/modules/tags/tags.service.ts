// Tags (name, colour and team required) managed with scope all, and the tags of an issue,
// which anyone who may update the issue in their issue scope sets.
import { isFinalStatus, type Scope } from '@sabai/domain';
import type { Page, SaveTag, Tag, TagOption } from '@sabai/contracts';
import type { Deps } from '../../deps';
import { isUniqueViolation } from '../../db/list-helpers';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { Executor } from '../../platform/db';
import { publishEvent } from '../../platform/events';
import type { AuthContext } from '../../ports';
import { findIssueInScope, lockIssueInScope, recordActivity } from '../issues';
import * as repo from './tags.repo';

type ListQuery = Parameters<typeof repo.listTags>[2];

const tagNotFound = () => notFound('tag.not_found', 'Tag not found.');
const nameExists = () => conflict('tag.name_exists', 'This tag name already exists.');

export async function listTags(deps: Deps, auth: AuthContext, q: ListQuery): Promise<Page<Tag>> {
  const { rows, total } = await repo.listTags(deps.db.orm, auth.organizationId, q);
  return { items: rows.map(present), total, page: q.page, pageSize: q.pageSize };
}

export async function getTag(deps: Deps, auth: AuthContext, id: string): Promise<Tag> {
  const row = await repo.findTag(deps.db.orm, auth.organizationId, id);
  if (!row) throw tagNotFound();
  return present(row);
}

export async function tagOptions(deps: Deps, auth: AuthContext, teamId?: string): Promise<TagOption[]> {
  return repo.tagOptions(deps.db.orm, auth.organizationId, teamId);
}

export async function createTag(deps: Deps, auth: AuthContext, input: SaveTag): Promise<Tag> {
  await assertValid(deps, auth.organizationId, input);
  const id = await saving(() =>
    repo.insertTag(deps.db.orm, {
      organizationId: auth.organizationId,
      name: input.name,
      colour: input.colour.toLowerCase(),
      teamId: input.teamId,
      createdAt: deps.clock.now(),
    }),
  );
  return getTag(deps, auth, id);
}

export async function updateTag(deps: Deps, auth: AuthContext, id: string, input: SaveTag): Promise<Tag> {
  if (!(await repo.findTag(deps.db.orm, auth.organizationId, id))) throw tagNotFound();
  await assertValid(deps, auth.organizationId, input, id);
  await saving(() =>
    repo.updateTag(deps.db.orm, id, {
      name: input.name,
      colour: input.colour.toLowerCase(),
      teamId: input.teamId,
    }),
  );
  return getTag(deps, auth, id);
}

/** Deletes a tag; issues carrying it lose it. */
export async function deleteTag(deps: Deps, auth: AuthContext, id: string) {
  if (!(await repo.findTag(deps.db.orm, auth.organizationId, id))) throw tagNotFound();
  await repo.deleteTag(deps.db.orm, id);
}

export async function issueTags(deps: Deps, auth: AuthContext, scope: Scope, issueId: number) {
  const issue = await findIssueInScope(deps.db.orm, auth.organizationId, auth.userId, scope, issueId);
  if (!issue) throw notFound('issue.not_found');
  return repo.tagsOfIssue(deps.db.orm, issueId);
}

/**
 * Sets the tags of an issue the caller may update; a closed issue never changes. Each tag added
 * or removed goes on the issue's activity trail.
 */
export async function setIssueTags(
  deps: Deps,
  auth: AuthContext,
  scope: Scope,
  issueId: number,
  tagIds: string[],
) {
  const wanted = [...new Set(tagIds)];
  await deps.db.orm.transaction(async (tx) => {
    // Locked: two edits at once would otherwise both see the old tags and record the same change twice.
    const issue = await lockIssueInScope(tx, auth.organizationId, auth.userId, scope, issueId);
    if (!issue) throw notFound('issue.not_found');
    if (isFinalStatus(issue.status)) throw conflict('issue.closed', 'A closed issue cannot be changed.');
    const actor = { organizationId: auth.organizationId, userId: auth.userId };
    await writeIssueTags(tx, actor, issueId, wanted, deps.clock.now());
  });
  return repo.tagsOfIssue(deps.db.orm, issueId);
}

/** Who tags: a person, or automation (a rule or a macro) whose trace the trail shows. */
export type TagActor = { organizationId: string; userId: string | null; trace?: Record<string, unknown> };

/**
 * Makes an open issue's tags exactly `wanted` (the caller holds its lock): each tag added or removed goes on
 * the trail; 400 tag.not_found when one is not the organisation's.
 */
async function writeIssueTags(tx: Executor, actor: TagActor, issueId: number, wanted: string[], now: Date) {
  const known = await repo.tagsInOrganization(tx, actor.organizationId, wanted);
  if (known.length !== wanted.length) throw badRequest('tag.not_found', 'Tag not found.');
  const changes = tagChanges(await repo.tagsOfIssue(tx, issueId), known);
  if (changes.length === 0) return;
  await repo.setIssueTags(tx, issueId, wanted, now);
  await recordTagChanges(tx, actor, issueId, changes, now);
}

/** Each tag added or removed goes on the trail; the inbox hears the issue's tags changed. */
async function recordTagChanges(
  tx: Executor,
  actor: TagActor,
  issueId: number,
  changes: Array<{ kind: 'tag_added' | 'tag_removed'; tag: IssueTag }>,
  now: Date,
) {
  await recordActivity(
    tx,
    changes.map(({ kind, tag }) => ({
      organizationId: actor.organizationId,
      issueId,
      actorUserId: actor.userId,
      kind,
      // The tag as it is now: the trail still reads once the tag is deleted.
      data: { tagId: tag.id, name: tag.name, colour: tag.colour, ...actor.trace },
      createdAt: now,
    })),
  );
  await publishEvent(tx, {
    name: 'issue.updated',
    organizationId: actor.organizationId,
    data: { issueId, fields: ['tags'] },
  });
}

/**
 * Adds or removes one tag of an open issue for automation rules, macros and bulk actions (one statement, no
 * write when the issue already has it as wanted); refused when the issue is no longer open.
 */
export async function toggleIssueTag(
  tx: Executor,
  actor: TagActor,
  issueId: number,
  tagId: string,
  add: boolean,
  now: Date,
) {
  const change = { organizationId: actor.organizationId, issueId, tagId, add, now };
  const outcome = await repo.setIssueTag(tx, {
    ...change,
    actorUserId: actor.userId,
    trace: actor.trace ?? {},
  });
  if (!outcome.open) throw conflict('issue.status.closed');
  if (!outcome.tagFound) throw badRequest('tag.not_found', 'Tag not found.');
}

type IssueTag = { id: string; name: string; colour: string };

/** The tags `wanted` adds to the issue's `current` ones, and those it drops. */
function tagChanges(current: IssueTag[], wanted: IssueTag[]) {
  const isIn = (tags: IssueTag[], tag: IssueTag) => tags.some((t) => t.id === tag.id);
  return [
    ...wanted.filter((tag) => !isIn(current, tag)).map((tag) => ({ kind: 'tag_added' as const, tag })),
    ...current.filter((tag) => !isIn(wanted, tag)).map((tag) => ({ kind: 'tag_removed' as const, tag })),
  ];
}

async function assertValid(deps: Deps, organizationId: string, input: SaveTag, exceptId?: string) {
  if (!(await repo.teamInOrganization(deps.db.orm, organizationId, input.teamId))) {
    throw badRequest('team.not_found', 'Team not found.');
  }
  if (await repo.nameTaken(deps.db.orm, organizationId, input.name, exceptId)) throw nameExists();
}

async function saving<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw nameExists();
    throw err;
  }
}

function present(r: repo.TagRow): Tag {
  return {
    id: r.id,
    name: r.name,
    colour: r.colour,
    team: r.team?.id ? { id: r.team.id, name: r.team.name } : null,
    issueCount: r.issueCount,
    createdAt: r.createdAt.toISOString(),
  };
}
