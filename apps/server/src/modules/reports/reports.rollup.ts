// The roll-up: stores each finished local day's counters (report_daily) once the day has ended, so a report
// reads days, not issues. Facts are written at "now" (a reply, a status change), so a finished day does not
// change afterwards; the days after the last stored one (today, and yesterday for SETTLE_MS after midnight)
// are read from the raw facts by every report. The rebuild recomputes every stored day from the raw facts.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { addDays, localDayOf, startOfLocalDay } from '@sabai/domain';
import type { Db, Executor } from '../../platform/db';
import { defineJob } from '../../platform/jobs';
import { readFactCells } from './reports.facts';
import * as repo from './reports.repo';

/** Stores the days that ended (no data); one retry, and an hour to catch up after a long stop. */
export const ROLLUP_JOB = defineJob('reports.rollup', z.object({}), { retryLimit: 1, expireInSeconds: 3600 });

/** A day is stored this long after it ends, so webhooks still being processed at midnight land in it first. */
export const SETTLE_MS = 15 * 60_000;

/** The last day that may be stored at `now`. */
export function lastSettledDay(now: Date, timeZone: string): string {
  return addDays(localDayOf(now.getTime() - SETTLE_MS, timeZone), -1);
}

/** Serialises the roll-ups and rebuilds of one organisation: a day is never stored twice. */
async function lockOrganization(tx: Executor, organizationId: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`reports:${organizationId}`}))`);
}

async function rollUpDay(tx: Executor, organizationId: string, timeZone: string, day: string, now: Date) {
  const start = new Date(startOfLocalDay(day, timeZone));
  const end = new Date(startOfLocalDay(addDays(day, 1), timeZone));
  const facts = await readFactCells(tx, { organizationId, timeZone, start, end });
  await repo.writeDay(tx, organizationId, day, facts.cells, facts.tags);
  await repo.setRolledThrough(tx, organizationId, day, now);
}

/** Stores every settled day of the organisation not stored yet; resolves to the number of days stored. */
export async function rollUpOrganization(db: Db, organizationId: string, timeZone: string, now: Date) {
  const through = lastSettledDay(now, timeZone);
  let stored = 0;
  for (;;) {
    // One day per transaction, so a long catch-up never holds a transaction open for long.
    const more = await db.orm.transaction(async (tx) => {
      await lockOrganization(tx, organizationId);
      const done = await repo.rolledThrough(tx, organizationId);
      let day: string;
      if (done) day = addDays(done, 1);
      else {
        // Nothing is stored before the first fact: an organisation without issues stays unmarked, so history
        // imported later is still rolled up.
        const first = await repo.firstFactAt(tx, organizationId);
        if (!first) return false;
        day = localDayOf(first.getTime(), timeZone);
      }
      if (day > through) return false;
      await rollUpDay(tx, organizationId, timeZone, day, now);
      stored += 1;
      return true;
    });
    if (!more) return stored;
  }
}

/** The job: every organisation's settled days (runs every 15 minutes and when a worker starts). */
export async function rollUpAll(db: Db, now: Date) {
  for (const org of await repo.organizations(db.orm)) {
    await rollUpOrganization(db, org.id, org.time_zone, now);
  }
}

/** Forgets the organisation's stored days and stores them again from the raw facts. */
export async function rebuildOrganization(db: Db, organizationId: string, timeZone: string, now: Date) {
  await db.orm.transaction(async (tx) => {
    await lockOrganization(tx, organizationId);
    await repo.clearStored(tx, organizationId);
  });
  return rollUpOrganization(db, organizationId, timeZone, now);
}
