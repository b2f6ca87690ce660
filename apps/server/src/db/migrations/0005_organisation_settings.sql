CREATE TABLE "canned_response_attachments" (
	"canned_response_id" uuid NOT NULL,
	"file_id" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "canned_response_attachments_canned_response_id_file_id_pk" PRIMARY KEY("canned_response_id","file_id")
);
--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "time_off_requests" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "canned_response_attachments" ADD CONSTRAINT "canned_response_attachments_canned_response_id_canned_responses_id_fk" FOREIGN KEY ("canned_response_id") REFERENCES "public"."canned_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canned_response_attachments" ADD CONSTRAINT "canned_response_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "canned_categories_owner_name_key" ON "canned_categories" USING btree ("organization_id",coalesce("owner_user_id", '00000000-0000-0000-0000-000000000000'::uuid),lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "canned_responses_category_name_key" ON "canned_responses" USING btree ("category_id",lower("name"));--> statement-breakpoint
CREATE INDEX "issues_unassigned_idx" ON "issues" USING btree ("team_id","id") WHERE "issues"."assignee_user_id" is null and "issues"."status" = 'un-assigned';--> statement-breakpoint
CREATE INDEX "time_off_requests_org_idx" ON "time_off_requests" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "time_off_requests_user_idx" ON "time_off_requests" USING btree ("user_id","status","ends_at");