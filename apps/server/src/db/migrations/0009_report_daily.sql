CREATE TABLE "report_daily" (
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	"channel_id" uuid NOT NULL,
	"team_id" uuid,
	"agent_user_id" uuid,
	"issues" integer DEFAULT 0 NOT NULL,
	"first_responses" integer DEFAULT 0 NOT NULL,
	"first_response_seconds" double precision DEFAULT 0 NOT NULL,
	"first_response_business_seconds" double precision DEFAULT 0 NOT NULL,
	"responses" integer DEFAULT 0 NOT NULL,
	"response_seconds" double precision DEFAULT 0 NOT NULL,
	"response_business_seconds" double precision DEFAULT 0 NOT NULL,
	"resolved" integer DEFAULT 0 NOT NULL,
	"resolved_success" integer DEFAULT 0 NOT NULL,
	"resolved_seconds" double precision DEFAULT 0 NOT NULL,
	"resolved_business_seconds" double precision DEFAULT 0 NOT NULL,
	"ad_resolved" integer DEFAULT 0 NOT NULL,
	"ad_resolved_success" integer DEFAULT 0 NOT NULL,
	"closed" integer DEFAULT 0 NOT NULL,
	"closed_success" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_daily_tags" (
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	"channel_id" uuid NOT NULL,
	"team_id" uuid,
	"tag_id" uuid NOT NULL,
	"issues" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_rollups" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"rolled_through" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_daily" ADD CONSTRAINT "report_daily_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_daily_tags" ADD CONSTRAINT "report_daily_tags_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_rollups" ADD CONSTRAINT "report_rollups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_daily_org_day_idx" ON "report_daily" USING btree ("organization_id","day");--> statement-breakpoint
CREATE INDEX "report_daily_tags_org_day_idx" ON "report_daily_tags" USING btree ("organization_id","day");