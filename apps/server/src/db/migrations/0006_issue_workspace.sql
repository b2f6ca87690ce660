CREATE TABLE "issue_activities" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "issue_activities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" uuid NOT NULL,
	"issue_id" bigint NOT NULL,
	"actor_user_id" uuid,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "response_intervals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "response_intervals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" uuid NOT NULL,
	"issue_id" bigint NOT NULL,
	"channel_id" uuid NOT NULL,
	"team_id" uuid,
	"agent_user_id" uuid,
	"customer_at" timestamp with time zone NOT NULL,
	"replied_at" timestamp with time zone NOT NULL,
	"is_first_response" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
UPDATE "issues" SET "last_response_at" = "start_date" WHERE "last_response_at" IS NULL;--> statement-breakpoint
ALTER TABLE "issues" ALTER COLUMN "last_response_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "issues" ALTER COLUMN "last_response_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "first_customer_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "wait_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "close_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "issue_activities" ADD CONSTRAINT "issue_activities_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_activities" ADD CONSTRAINT "issue_activities_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_activities" ADD CONSTRAINT "issue_activities_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_intervals" ADD CONSTRAINT "response_intervals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_intervals" ADD CONSTRAINT "response_intervals_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issue_activities_issue_idx" ON "issue_activities" USING btree ("issue_id","id");--> statement-breakpoint
CREATE INDEX "issue_activities_org_time_idx" ON "issue_activities" USING btree ("organization_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "response_intervals_org_time_idx" ON "response_intervals" USING btree ("organization_id","replied_at");--> statement-breakpoint
CREATE INDEX "contacts_display_name_trgm_idx" ON "contacts" USING gin ("display_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_name_trgm_idx" ON "contacts" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_email_trgm_idx" ON "contacts" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_mobile_trgm_idx" ON "contacts" USING gin ("mobile_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "issues_org_start_idx" ON "issues" USING btree ("organization_id","start_date");--> statement-breakpoint
CREATE INDEX "issues_transferred_from_idx" ON "issues" USING btree ("transferred_from_issue_id");--> statement-breakpoint
CREATE INDEX "messages_text_trgm_idx" ON "messages" USING gin ("text" gin_trgm_ops);