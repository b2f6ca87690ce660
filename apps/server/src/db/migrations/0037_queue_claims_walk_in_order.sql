DROP INDEX "inbound_events_pending_idx";--> statement-breakpoint
CREATE INDEX "webhook_deliveries_first_attempt_idx" ON "webhook_deliveries" USING btree ("id") WHERE "webhook_deliveries"."status" = 'pending' and "webhook_deliveries"."next_attempt_at" is null;--> statement-breakpoint
CREATE INDEX "inbound_events_pending_idx" ON "inbound_events" USING btree ("id") WHERE "inbound_events"."processed_at" is null and "inbound_events"."dead_at" is null;--> statement-breakpoint
-- The two busiest claims walk their partial index in order (a plain index scan, never a bitmap scan nor a
-- sort of every pending row). A plain index scan marks the entries of rows processed since dead as it passes
-- them, so the next walk skips them; a bitmap scan never does, and where autovacuum is off or behind (no
-- statistics, dead entries by the hundred thousand after an hour) each claim read every row processed that
-- day. The planner's choice is fixed by the functions' settings, whatever statistics it has (and never JIT
-- compiled: a disabled plan type's cost would pass JIT's threshold).
CREATE FUNCTION "claim_inbound_events"("_limit" integer, "_lease" interval, "_max_attempts" integer)
RETURNS TABLE ("id" bigint, "provider" text, "channel_key" text, "body" text, "attempts" integer)
LANGUAGE sql SET enable_bitmapscan = off SET enable_seqscan = off SET jit = off AS $$
  UPDATE "inbound_events" e SET locked_until = now() + _lease, attempts = e.attempts + 1
  WHERE e.id IN (
    SELECT p.id FROM "inbound_events" p
    WHERE p.processed_at IS NULL AND p.dead_at IS NULL AND p.attempts < _max_attempts
      AND coalesce(p.locked_until, '-infinity') < now()
    ORDER BY p.id LIMIT _limit FOR UPDATE SKIP LOCKED)
  RETURNING e.id, e.provider, e.channel_key, e.body, e.attempts
$$;--> statement-breakpoint
-- First attempts in order and retries by due time, each through its own index; the oldest `_limit` of both.
CREATE FUNCTION "claim_webhook_deliveries"("_now" timestamptz, "_lease_until" timestamptz, "_limit" integer)
RETURNS SETOF bigint
LANGUAGE sql SET enable_bitmapscan = off SET enable_seqscan = off SET jit = off AS $$
  WITH first_attempts AS (
    SELECT d.id FROM "webhook_deliveries" d
    WHERE d.status = 'pending' AND d.next_attempt_at IS NULL AND coalesce(d.locked_until, '-infinity') < _now
      AND EXISTS (SELECT 1 FROM "webhook_endpoints" e WHERE e.id = d.endpoint_id AND e.enabled)
    ORDER BY d.id LIMIT _limit FOR UPDATE OF d SKIP LOCKED
  ), retries AS (
    SELECT d.id FROM "webhook_deliveries" d
    WHERE d.status = 'pending' AND d.next_attempt_at <= _now AND coalesce(d.locked_until, '-infinity') < _now
      AND EXISTS (SELECT 1 FROM "webhook_endpoints" e WHERE e.id = d.endpoint_id AND e.enabled)
    ORDER BY d.next_attempt_at LIMIT _limit FOR UPDATE OF d SKIP LOCKED
  ), due AS (
    SELECT a.id FROM first_attempts a UNION ALL SELECT r.id FROM retries r
  )
  UPDATE "webhook_deliveries" w SET locked_until = _lease_until
  FROM (SELECT due.id FROM due ORDER BY due.id LIMIT _limit) picked WHERE w.id = picked.id
  RETURNING w.id
$$;
