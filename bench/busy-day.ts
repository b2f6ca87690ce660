// What a busy organisation has switched on, written into a bench's database: 50 automation rules in the
// mix a team would have, and a service level policy; and the AI settings that turn the first responder on.
// The ingest, soak and first responder benches share them.
import type { SaveAiSettings } from '@sabai/contracts';
import type { Db } from '../apps/server/src/platform/db';

/** The organisation's AI settings (PUT /ai/settings) with every feature on, the first responder among them. */
export function aiSettingsAllOn(baseUrl: string, apiKey: string): SaveAiSettings {
  return {
    enabled: true,
    baseUrl,
    model: 'gpt-4o-mini',
    apiKey,
    features: {
      suggest: true,
      rewrite: true,
      translate: true,
      summarise: true,
      tags: true,
      firstResponder: true,
    },
    redact: { phone: true, email: true, nationalId: true },
    monthlyRequestBudget: null,
    timeoutSeconds: 30,
  };
}

const orgOfChannel = (channelExternalId: string) =>
  `(SELECT organization_id FROM channels WHERE external_id = '${channelExternalId.replace(/'/g, "''")}' LIMIT 1)`;

/**
 * 50 active rules of the channel's organisation: 44 wait for each customer message (40 for words the
 * messages do not hold, 4 for a status and a returning customer), 5 for other events, and one tags the
 * messages that hold `firingWord`: every batch is checked against them, and the messages holding that
 * word fire one.
 */
export async function addBenchRules(db: Db, channelExternalId: string, firingWord: string): Promise<void> {
  const org = orgOfChannel(channelExternalId);
  await db.query(
    `INSERT INTO tags (organization_id, name, colour) SELECT ${org}, 'Bench tag', '#0958d9'
     WHERE NOT EXISTS (SELECT 1 FROM tags WHERE name = 'Bench tag')`,
  );
  const rule = (i: number, when: object, conditions: object[], actions: object[]) =>
    db.query(
      `INSERT INTO automation_rules (organization_id, name, position, "when", conditions, actions)
       VALUES (${org}, $1, $2, $3, $4, $5)`,
      [`Bench rule ${i}`, i, JSON.stringify(when), JSON.stringify(conditions), JSON.stringify(actions)],
    );
  const [tag] = await db.query<{ id: string }>(`SELECT id FROM tags WHERE name = 'Bench tag' LIMIT 1`);
  const note = [{ type: 'add_note', text: 'Bench' }];
  for (let i = 1; i <= 40; i++)
    await rule(
      i,
      { trigger: 'customer_message' },
      [{ type: 'message_text', words: [`คำที่${i}`, `word${i}`] }],
      note,
    );
  for (let i = 41; i <= 44; i++)
    await rule(
      i,
      { trigger: 'customer_message' },
      [
        { type: 'status', statuses: ['resolved'] },
        { type: 'first_issue', value: false },
      ],
      note,
    );
  for (let i = 45; i <= 47; i++)
    await rule(i, { trigger: 'issue_created' }, [{ type: 'business_hours', inside: false }], note);
  await rule(48, { trigger: 'status_changed', to: 'close' }, [], note);
  await rule(49, { trigger: 'idle', status: 'waiting', minutes: 600 }, [], note);
  await rule(
    50,
    { trigger: 'customer_message' },
    [{ type: 'message_text', words: [firingWord] }],
    [{ type: 'add_tag', tagId: tag!.id }],
  );
}

/** Removes the rules `addBenchRules` wrote. */
export async function removeBenchRules(db: Db): Promise<void> {
  await db.query(`DELETE FROM automation_rules WHERE name LIKE 'Bench rule %'`);
}

/** A service level policy of the channel's organisation, counted in business hours: every batch computes its issues' clocks. */
export async function addBenchSlaPolicy(db: Db, channelExternalId: string): Promise<void> {
  await db.query(
    `INSERT INTO sla_policies (organization_id, name, first_response_minutes, next_response_minutes,
       resolution_minutes, business_hours)
     SELECT ${orgOfChannel(channelExternalId)}, 'Bench SLA', 30, 60, 480, true`,
  );
}

/** Removes the policy `addBenchSlaPolicy` wrote. */
export async function removeBenchSlaPolicy(db: Db): Promise<void> {
  await db.query(`DELETE FROM sla_policies WHERE name = 'Bench SLA'`);
}
