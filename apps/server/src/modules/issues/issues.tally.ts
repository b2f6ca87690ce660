// Issues per status from the status tally (schema `issueStatusTally`): the inbox tabs, the kanban columns and
// the dashboard read a few thousand rows per organisation instead of counting a million issues. Triggers on
// issues append a +1 and a -1 row for every change of team, channel, assignee or status; a job folds them.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { IssueFilter } from '@sabai/contracts';
import type { Executor } from '../../platform/db';
import { defineJob } from '../../platform/jobs';

/** Folds the tally's +1/-1 rows (no data); the next minute's run takes over a failed one. */
export const FOLD_TALLY_JOB = defineJob('issues.fold-tally', z.object({}), { retryLimit: 0 });

/**
 * Whether the tally alone answers counts under `filter`: it knows each issue's team, channel, assignee and
 * status, nothing of its tags, dates or messages.
 */
export function tallyAnswers(f: IssueFilter): boolean {
  return !f.tag?.length && !f.time && !f.startDate && !f.endDate && !f.search && !f.kind;
}

/**
 * Folds the triggers' rows of every organisation that has some into one row per key. Rows a concurrent
 * transaction adds meanwhile are outside this statement's snapshot and wait for the next fold; sums are
 * exact at every moment, folded or not.
 */
export async function foldStatusTally(ex: Executor): Promise<void> {
  await ex.execute(sql`
    WITH touched AS (SELECT DISTINCT organization_id FROM issue_status_tally WHERE NOT folded),
    gone AS (
      DELETE FROM issue_status_tally t USING touched WHERE t.organization_id = touched.organization_id
      RETURNING t.*
    )
    INSERT INTO issue_status_tally (organization_id, team_id, channel_id, assignee_user_id, status, n, folded)
    SELECT organization_id, team_id, channel_id, assignee_user_id, status, sum(n), true FROM gone
    GROUP BY organization_id, team_id, channel_id, assignee_user_id, status
    HAVING sum(n) <> 0`);
}
