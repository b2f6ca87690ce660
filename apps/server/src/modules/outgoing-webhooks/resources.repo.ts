// The resources an outgoing webhook's body carries, read by id within each event's organisation, a
// dispatch batch's resources of one kind with one statement. Each is the documented shape (@sabai/contracts
// WEBHOOK_PAYLOAD_SCHEMAS); a row gone is missing from the answer.
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../platform/db';

const iso = (column: string) =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** A resource to read: its organisation and id. */
export type ResourceKey<Id> = { organizationId: string; id: Id };

/**
 * The resources of `keys` by id: `query` selects each row's `key` (its id as text) and `resource` from the
 * keys `k(org, id)` (the id cast to `idType`) joined to the resource's table.
 */
async function readMany<Id extends string | number>(
  ex: Executor,
  keys: ResourceKey<Id>[],
  idType: 'bigint' | 'uuid',
  query: (k: SQL) => SQL,
): Promise<Map<Id, unknown>> {
  if (keys.length === 0) return new Map();
  const k = sql`unnest(${sql.param(keys.map((key) => key.organizationId))}::uuid[], ${sql.param(
    keys.map((key) => String(key.id)),
  )}::${sql.raw(idType)}[]) AS k(org, id)`;
  const rows = rowsOf<{ key: string; resource: unknown }>(await ex.execute(query(k)));
  const byKey = new Map(rows.map((r) => [r.key, r.resource]));
  return new Map(
    keys.flatMap((key) => (byKey.has(String(key.id)) ? [[key.id, byKey.get(String(key.id))]] : [])),
  );
}

export function readIssues(ex: Executor, keys: ResourceKey<number>[]) {
  return readMany(
    ex,
    keys,
    'bigint',
    (k) => sql`SELECT i.id::text AS key, json_build_object(
      'id', i.id, 'status', i.status, 'kind', i.kind,
      'channel', json_build_object('id', c.id, 'type', c.type, 'name', c.name),
      'contactId', i.contact_id, 'teamId', i.team_id, 'assigneeUserId', i.assignee_user_id,
      'tags', coalesce((SELECT json_agg(json_build_object('id', t.id, 'name', t.name) ORDER BY lower(t.name), t.id)
        FROM issue_tags it JOIN tags t ON t.id = it.tag_id WHERE it.issue_id = i.id), '[]'::json),
      'startedAt', ${iso('i.start_date')}, 'lastResponseAt', ${iso('i.last_response_at')},
      'resolvedAt', ${iso('i.resolved_at')}, 'closedAt', ${iso('i.closed_at')}, 'updatedAt', ${iso('i.updated_at')}
    ) AS resource
    FROM ${k} JOIN issues i ON i.id = k.id AND i.organization_id = k.org JOIN channels c ON c.id = i.channel_id`,
  );
}

export function readMessages(ex: Executor, keys: ResourceKey<number>[]) {
  return readMany(
    ex,
    keys,
    'bigint',
    (k) => sql`SELECT m.id::text AS key, json_build_object(
      'id', m.id, 'issueId', m.issue_id,
      'channel', json_build_object('id', c.id, 'type', c.type, 'name', c.name),
      'direction', m.direction, 'senderType', m.sender_type, 'senderUserId', m.sender_user_id,
      'kind', m.kind, 'text', m.text, 'privateNote', m.is_private_note,
      'attachments', coalesce((SELECT json_agg(json_build_object('fileName', f.filename, 'contentType', f.mime_type, 'size', f.size) ORDER BY ma.position, f.id)
        FROM message_attachments ma JOIN files f ON f.id = ma.file_id WHERE ma.message_id = m.id), '[]'::json),
      'createdAt', ${iso('m.created_at')}
    ) AS resource
    FROM ${k} JOIN messages m ON m.id = k.id AND m.organization_id = k.org JOIN channels c ON c.id = m.channel_id`,
  );
}

export function readContacts(ex: Executor, keys: ResourceKey<string>[]) {
  return readMany(
    ex,
    keys,
    'uuid',
    (k) => sql`SELECT ct.id::text AS key, json_build_object(
      'id', ct.id, 'displayName', ct.display_name, 'name', ct.name, 'email', ct.email,
      'mobileNumber', ct.mobile_number, 'consentStatus', ct.consent_status,
      'identities', coalesce((SELECT json_agg(json_build_object('channelId', ci.channel_id, 'channelType', c.type,
          'externalUserId', ci.external_user_id) ORDER BY ci.created_at, ci.id)
        FROM contact_identities ci JOIN channels c ON c.id = ci.channel_id WHERE ci.contact_id = ct.id), '[]'::json),
      'lastContactAt', ${iso('ct.last_contact_at')}, 'createdAt', ${iso('ct.created_at')},
      'updatedAt', ${iso('ct.updated_at')}
    ) AS resource
    FROM ${k} JOIN contacts ct ON ct.id = k.id AND ct.organization_id = k.org`,
  );
}

export function readSurveys(ex: Executor, keys: ResourceKey<number>[]) {
  return readMany(
    ex,
    keys,
    'bigint',
    (k) => sql`SELECT s.id::text AS key, json_build_object(
      'surveyId', s.id, 'issueId', s.issue_id, 'channelId', s.channel_id, 'contactId', i.contact_id,
      'teamId', s.team_id, 'agentUserId', s.agent_user_id, 'rating', s.rating, 'comment', s.comment,
      'language', s.language, 'sentAt', ${iso('s.sent_at')}, 'ratedAt', ${iso('s.rated_at')}
    ) AS resource
    FROM ${k} JOIN csat_surveys s ON s.id = k.id AND s.organization_id = k.org
    LEFT JOIN issues i ON i.id = s.issue_id`,
  );
}
