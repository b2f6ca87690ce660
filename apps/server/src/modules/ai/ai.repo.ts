// Storage of AI assist: each organisation's settings (one row, absent until first saved) and the log of the
// requests sent to its endpoint (never any message text).
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { AiFeature, AiOutcome } from '@sabai/contracts';
import { aiRequests, aiSettings, users } from '../../db/schema';
import type { Executor } from '../../platform/db';

export type SettingsRow = typeof aiSettings.$inferSelect;
export type SettingsValues = Omit<typeof aiSettings.$inferInsert, 'organizationId' | 'createdAt'>;

export async function findSettings(ex: Executor, organizationId: string): Promise<SettingsRow | null> {
  const [row] = await ex.select().from(aiSettings).where(eq(aiSettings.organizationId, organizationId));
  return row ?? null;
}

export async function saveSettings(ex: Executor, organizationId: string, values: SettingsValues) {
  await ex
    .insert(aiSettings)
    .values({ organizationId, ...values })
    .onConflictDoUpdate({ target: aiSettings.organizationId, set: values });
}

export type NewRequest = {
  organizationId: string;
  userId: string | null;
  issueId: number | null;
  feature: AiFeature;
  model: string;
  outcome: AiOutcome;
  promptTokens: number | null;
  completionTokens: number | null;
  latencyMs: number;
  createdAt: Date;
};

export async function insertRequest(ex: Executor, request: NewRequest) {
  await ex.insert(aiRequests).values(request);
}

/** Requests sent since `from` (every outcome counts: each reached, or tried to reach, the endpoint). */
export async function usageSince(ex: Executor, organizationId: string, from: Date) {
  const [row] = await ex
    .select({
      requests: sql<number>`count(*)::int`,
      promptTokens: sql<number>`coalesce(sum(${aiRequests.promptTokens}), 0)::int`,
      completionTokens: sql<number>`coalesce(sum(${aiRequests.completionTokens}), 0)::int`,
    })
    .from(aiRequests)
    .where(and(eq(aiRequests.organizationId, organizationId), gte(aiRequests.createdAt, from)));
  return row ?? { requests: 0, promptTokens: 0, completionTokens: 0 };
}

export type RequestFilter = { feature?: AiFeature; outcome?: AiOutcome; before?: number; limit: number };

/** The log, newest first, from the id `before` down. */
export function listRequests(ex: Executor, organizationId: string, filter: RequestFilter) {
  return ex
    .select({
      id: aiRequests.id,
      createdAt: aiRequests.createdAt,
      userId: aiRequests.userId,
      userName: sql<
        string | null
      >`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.username})`,
      issueId: aiRequests.issueId,
      feature: aiRequests.feature,
      model: aiRequests.model,
      outcome: aiRequests.outcome,
      promptTokens: aiRequests.promptTokens,
      completionTokens: aiRequests.completionTokens,
      latencyMs: aiRequests.latencyMs,
    })
    .from(aiRequests)
    .leftJoin(users, eq(users.id, aiRequests.userId))
    .where(
      and(
        eq(aiRequests.organizationId, organizationId),
        filter.feature ? eq(aiRequests.feature, filter.feature) : undefined,
        filter.outcome ? eq(aiRequests.outcome, filter.outcome) : undefined,
        filter.before ? lt(aiRequests.id, filter.before) : undefined,
      ),
    )
    .orderBy(desc(aiRequests.id))
    .limit(filter.limit);
}
