CREATE TABLE "channel_csat_settings" (
	"channel_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"question_en" text NOT NULL,
	"question_th" text NOT NULL,
	"thank_you_en" text NOT NULL,
	"thank_you_th" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "csat_surveys" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "csat_surveys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" uuid NOT NULL,
	"issue_id" bigint NOT NULL,
	"channel_id" uuid NOT NULL,
	"identity_id" uuid NOT NULL,
	"team_id" uuid,
	"agent_user_id" uuid,
	"language" text NOT NULL,
	"message_id" bigint,
	"sent_at" timestamp with time zone NOT NULL,
	"rating" integer,
	"rated_at" timestamp with time zone,
	"comment" text,
	"comment_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "report_daily" ADD COLUMN "csat_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_daily" ADD COLUMN "csat_responses" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_daily" ADD COLUMN "csat_satisfied" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_daily" ADD COLUMN "csat_rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "channel_csat_settings" ADD CONSTRAINT "channel_csat_settings_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_csat_settings" ADD CONSTRAINT "channel_csat_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csat_surveys" ADD CONSTRAINT "csat_surveys_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csat_surveys" ADD CONSTRAINT "csat_surveys_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "csat_surveys_issue_key" ON "csat_surveys" USING btree ("issue_id");--> statement-breakpoint
CREATE INDEX "csat_surveys_message_idx" ON "csat_surveys" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "csat_surveys_org_rated_idx" ON "csat_surveys" USING btree ("organization_id","rated_at");--> statement-breakpoint
CREATE INDEX "csat_surveys_org_sent_idx" ON "csat_surveys" USING btree ("organization_id","sent_at");--> statement-breakpoint
CREATE INDEX "csat_surveys_awaiting_comment_idx" ON "csat_surveys" USING btree ("identity_id") WHERE "csat_surveys"."comment_until" IS NOT NULL;