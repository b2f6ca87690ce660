// The resources an outgoing webhook's body carries, read by id within the event's organisation. Each answer
// is the documented shape (@sabai/contracts WEBHOOK_PAYLOAD_SCHEMAS), null when the row is gone.
import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../platform/db';

const iso = (column: string) =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

async function one(ex: Executor, query: ReturnType<typeof sql>): Promise<unknown> {
  const [row] = rowsOf<{ resource: unknown }>(await ex.execute(query));
  return row?.resource ?? null;
}

export function readIssue(ex: Executor, organizationId: string, issueId: number) {
  return one(
    ex,
    sql`SELECT json_build_object(
      'id', i.id, 'status', i.status, 'kind', i.kind,
      'channel', json_build_object('id', c.id, 'type', c.type, 'name', c.name),
      'contactId', i.contact_id, 'teamId', i.team_id, 'assigneeUserId', i.assignee_user_id,
      'tags', coalesce((SELECT json_agg(json_build_object('id', t.id, 'name', t.name) ORDER BY lower(t.name), t.id)
        FROM issue_tags it JOIN tags t ON t.id = it.tag_id WHERE it.issue_id = i.id), '[]'::json),
      'startedAt', ${iso('i.start_date')}, 'lastResponseAt', ${iso('i.last_response_at')},
      'resolvedAt', ${iso('i.resolved_at')}, 'closedAt', ${iso('i.closed_at')}, 'updatedAt', ${iso('i.updated_at')}
    ) AS resource
    FROM issues i JOIN channels c ON c.id = i.channel_id
    WHERE i.id = ${issueId} AND i.organization_id = ${organizationId}`,
  );
}

export function readMessage(ex: Executor, organizationId: string, messageId: number) {
  return one(
    ex,
    sql`SELECT json_build_object(
      'id', m.id, 'issueId', m.issue_id,
      'channel', json_build_object('id', c.id, 'type', c.type, 'name', c.name),
      'direction', m.direction, 'senderType', m.sender_type, 'senderUserId', m.sender_user_id,
      'kind', m.kind, 'text', m.text, 'privateNote', m.is_private_note,
      'attachments', coalesce((SELECT json_agg(json_build_object('fileName', f.filename, 'contentType', f.mime_type, 'size', f.size) ORDER BY ma.position, f.id)
        FROM message_attachments ma JOIN files f ON f.id = ma.file_id WHERE ma.message_id = m.id), '[]'::json),
      'createdAt', ${iso('m.created_at')}
    ) AS resource
    FROM messages m JOIN channels c ON c.id = m.channel_id
    WHERE m.id = ${messageId} AND m.organization_id = ${organizationId}`,
  );
}

export function readContact(ex: Executor, organizationId: string, contactId: string) {
  return one(
    ex,
    sql`SELECT json_build_object(
      'id', k.id, 'displayName', k.display_name, 'name', k.name, 'email', k.email,
      'mobileNumber', k.mobile_number, 'consentStatus', k.consent_status,
      'identities', coalesce((SELECT json_agg(json_build_object('channelId', ci.channel_id, 'channelType', c.type,
          'externalUserId', ci.external_user_id) ORDER BY ci.created_at, ci.id)
        FROM contact_identities ci JOIN channels c ON c.id = ci.channel_id WHERE ci.contact_id = k.id), '[]'::json),
      'lastContactAt', ${iso('k.last_contact_at')}, 'createdAt', ${iso('k.created_at')},
      'updatedAt', ${iso('k.updated_at')}
    ) AS resource
    FROM contacts k
    WHERE k.id = ${contactId} AND k.organization_id = ${organizationId}`,
  );
}

export function readCsat(ex: Executor, organizationId: string, surveyId: number) {
  return one(
    ex,
    sql`SELECT json_build_object(
      'surveyId', s.id, 'issueId', s.issue_id, 'channelId', s.channel_id, 'contactId', i.contact_id,
      'teamId', s.team_id, 'agentUserId', s.agent_user_id, 'rating', s.rating, 'comment', s.comment,
      'language', s.language, 'sentAt', ${iso('s.sent_at')}, 'ratedAt', ${iso('s.rated_at')}
    ) AS resource
    FROM csat_surveys s LEFT JOIN issues i ON i.id = s.issue_id
    WHERE s.id = ${surveyId} AND s.organization_id = ${organizationId}`,
  );
}
