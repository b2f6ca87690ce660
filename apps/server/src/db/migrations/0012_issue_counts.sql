CREATE TABLE "issue_status_tally" (
	"organization_id" uuid NOT NULL,
	"team_id" uuid,
	"channel_id" uuid NOT NULL,
	"assignee_user_id" uuid,
	"status" text NOT NULL,
	"n" integer NOT NULL,
	"folded" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "reply_deadline_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "issue_status_tally_org_idx" ON "issue_status_tally" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "issues_org_reply_deadline_idx" ON "issues" USING btree ("organization_id",coalesce("reply_deadline_at", 'infinity'::timestamptz),"id");--> statement-breakpoint
-- Issues written before this column: Meta's reply window (domain SOCIAL_REPLY_WINDOW_DAYS = 7) after the
-- customer's last message; LINE has none.
UPDATE "issues" i SET "reply_deadline_at" = i."last_customer_message_at" + interval '7 days'
  FROM "channels" c WHERE c."id" = i."channel_id" AND c."type" <> 'line' AND i."last_customer_message_at" IS NOT NULL;--> statement-breakpoint
-- The tally's +1/-1 rows: an issue leaves its old key and joins its new one.
CREATE FUNCTION "issue_status_tally_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO "issue_status_tally" ("organization_id", "team_id", "channel_id", "assignee_user_id", "status", "n")
      VALUES (OLD."organization_id", OLD."team_id", OLD."channel_id", OLD."assignee_user_id", OLD."status", -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO "issue_status_tally" ("organization_id", "team_id", "channel_id", "assignee_user_id", "status", "n")
      VALUES (NEW."organization_id", NEW."team_id", NEW."channel_id", NEW."assignee_user_id", NEW."status", 1);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "issues_status_tally_insert_delete" AFTER INSERT OR DELETE ON "issues"
  FOR EACH ROW EXECUTE FUNCTION "issue_status_tally_track"();--> statement-breakpoint
CREATE TRIGGER "issues_status_tally_update"
  AFTER UPDATE OF "organization_id", "team_id", "channel_id", "assignee_user_id", "status" ON "issues"
  FOR EACH ROW
  WHEN ((OLD."organization_id", OLD."team_id", OLD."channel_id", OLD."assignee_user_id", OLD."status")
    IS DISTINCT FROM (NEW."organization_id", NEW."team_id", NEW."channel_id", NEW."assignee_user_id", NEW."status"))
  EXECUTE FUNCTION "issue_status_tally_track"();--> statement-breakpoint
INSERT INTO "issue_status_tally" ("organization_id", "team_id", "channel_id", "assignee_user_id", "status", "n", "folded")
  SELECT "organization_id", "team_id", "channel_id", "assignee_user_id", "status", count(*), true
  FROM "issues" GROUP BY 1, 2, 3, 4, 5;
