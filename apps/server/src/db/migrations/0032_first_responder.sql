CREATE TABLE "channel_first_responder_settings" (
	"channel_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"when" text NOT NULL,
	"unassigned_minutes" integer NOT NULL,
	"hand_over_words" jsonb NOT NULL,
	"confidence_threshold" double precision NOT NULL,
	"label" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_first_responder" (
	"issue_id" bigint PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"answers" integer DEFAULT 0 NOT NULL,
	"last_message_id" bigint DEFAULT 0 NOT NULL,
	"first_answered_at" timestamp with time zone,
	"handed_over_at" timestamp with time zone,
	"hand_over_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_first_responder_settings" ADD CONSTRAINT "channel_first_responder_settings_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_first_responder_settings" ADD CONSTRAINT "channel_first_responder_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_first_responder" ADD CONSTRAINT "issue_first_responder_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_first_responder" ADD CONSTRAINT "issue_first_responder_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issue_first_responder_answered_idx" ON "issue_first_responder" USING btree ("organization_id","first_answered_at");--> statement-breakpoint
CREATE INDEX "issue_first_responder_handed_over_idx" ON "issue_first_responder" USING btree ("organization_id","handed_over_at");