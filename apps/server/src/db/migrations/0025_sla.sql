CREATE TABLE "issue_sla" (
	"issue_id" bigint PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"policy_id" uuid,
	"first_response_due_at" timestamp with time zone,
	"first_response_warn_at" timestamp with time zone,
	"next_response_due_at" timestamp with time zone,
	"next_response_warn_at" timestamp with time zone,
	"resolution_due_at" timestamp with time zone,
	"resolution_warn_at" timestamp with time zone,
	"paused_since" timestamp with time zone,
	"paused_seconds" double precision DEFAULT 0 NOT NULL,
	"notified" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sla_outcomes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sla_outcomes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" uuid NOT NULL,
	"issue_id" bigint NOT NULL,
	"channel_id" uuid NOT NULL,
	"team_id" uuid,
	"agent_user_id" uuid,
	"target" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone NOT NULL,
	"met" boolean NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sla_policies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"team_id" uuid,
	"channel_id" uuid,
	"first_response_minutes" integer,
	"next_response_minutes" integer,
	"resolution_minutes" integer,
	"business_hours" boolean DEFAULT true NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "sla_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "sla_warn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "sla_target" text;--> statement-breakpoint
ALTER TABLE "report_daily" ADD COLUMN "sla_first_response_met" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_daily" ADD COLUMN "sla_first_response_breached" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_daily" ADD COLUMN "sla_next_response_met" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_daily" ADD COLUMN "sla_next_response_breached" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_daily" ADD COLUMN "sla_resolution_met" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_daily" ADD COLUMN "sla_resolution_breached" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "issue_sla" ADD CONSTRAINT "issue_sla_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_sla" ADD CONSTRAINT "issue_sla_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_sla" ADD CONSTRAINT "issue_sla_policy_id_sla_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."sla_policies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_outcomes" ADD CONSTRAINT "sla_outcomes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_outcomes" ADD CONSTRAINT "sla_outcomes_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_policies" ADD CONSTRAINT "sla_policies_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_policies" ADD CONSTRAINT "sla_policies_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_policies" ADD CONSTRAINT "sla_policies_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sla_outcomes_org_at_idx" ON "sla_outcomes" USING btree ("organization_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "sla_outcomes_clock_key" ON "sla_outcomes" USING btree ("issue_id","target","due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sla_policies_scope_key" ON "sla_policies" USING btree ("organization_id",coalesce("team_id", '00000000-0000-0000-0000-000000000000'::uuid),coalesce("channel_id", '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
CREATE INDEX "issues_org_sla_due_idx" ON "issues" USING btree ("organization_id",coalesce("sla_due_at", 'infinity'::timestamptz),"id");