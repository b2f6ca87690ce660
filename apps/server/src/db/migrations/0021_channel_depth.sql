CREATE TABLE "line_quota_months" (
	"channel_id" uuid NOT NULL,
	"month" text NOT NULL,
	"organization_id" uuid NOT NULL,
	"quota_type" text,
	"quota_limit" integer,
	"line_usage" integer,
	"own_pushes_at_check" integer DEFAULT 0 NOT NULL,
	"checked_at" timestamp with time zone,
	"notified_80_at" timestamp with time zone,
	"notified_100_at" timestamp with time zone,
	CONSTRAINT "line_quota_months_channel_id_month_pk" PRIMARY KEY("channel_id","month")
);
--> statement-breakpoint
ALTER TABLE "canned_responses" ADD COLUMN "quick_replies" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "send_agent_identity" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "mark_read_on_open" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "customer_reaction" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "file_link_expiry_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "line_quota_months" ADD CONSTRAINT "line_quota_months_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_quota_months" ADD CONSTRAINT "line_quota_months_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_sender_sticker_idx" ON "messages" USING btree ("sender_user_id","id") WHERE "messages"."kind" = 'sticker';--> statement-breakpoint
CREATE INDEX "messages_line_delivery_idx" ON "messages" USING btree ("channel_id","created_at") WHERE "messages"."delivered_via" IN ('reply', 'push');