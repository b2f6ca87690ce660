CREATE TABLE "comment_rule_replies" (
	"post_id" uuid NOT NULL,
	"external_user_id" text NOT NULL,
	"rule_id" uuid,
	"comment_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_rule_replies_post_id_external_user_id_pk" PRIMARY KEY("post_id","external_user_id")
);
--> statement-breakpoint
CREATE TABLE "comment_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"keywords" jsonb NOT NULL,
	"canned_response_id" uuid NOT NULL,
	"public_reply" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_orders" (
	"post_id" uuid NOT NULL,
	"comment_id" text NOT NULL,
	"external_user_id" text NOT NULL,
	"author_name" text NOT NULL,
	"text" text NOT NULL,
	"issue_id" bigint,
	"message_id" bigint NOT NULL,
	"commented_at" timestamp with time zone NOT NULL,
	CONSTRAINT "post_orders_post_id_comment_id_pk" PRIMARY KEY("post_id","comment_id")
);
--> statement-breakpoint
CREATE TABLE "social_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"text" text,
	"permalink" text,
	"picture_file_id" text,
	"preview_status" text DEFAULT 'pending' NOT NULL,
	"posted_at" timestamp with time zone,
	"collects_orders" boolean DEFAULT false NOT NULL,
	"order_keywords" jsonb DEFAULT '["CF"]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "kind" text DEFAULT 'conversation' NOT NULL;--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "post_id" uuid;--> statement-breakpoint
ALTER TABLE "comment_rule_replies" ADD CONSTRAINT "comment_rule_replies_post_id_social_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."social_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_rule_replies" ADD CONSTRAINT "comment_rule_replies_rule_id_comment_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."comment_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_rules" ADD CONSTRAINT "comment_rules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_rules" ADD CONSTRAINT "comment_rules_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_rules" ADD CONSTRAINT "comment_rules_canned_response_id_canned_responses_id_fk" FOREIGN KEY ("canned_response_id") REFERENCES "public"."canned_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_orders" ADD CONSTRAINT "post_orders_post_id_social_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."social_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_posts" ADD CONSTRAINT "social_posts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_posts" ADD CONSTRAINT "social_posts_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_posts" ADD CONSTRAINT "social_posts_picture_file_id_files_id_fk" FOREIGN KEY ("picture_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_rules_channel_idx" ON "comment_rules" USING btree ("channel_id","position");--> statement-breakpoint
CREATE INDEX "post_orders_post_time_idx" ON "post_orders" USING btree ("post_id","commented_at","message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "social_posts_channel_external_key" ON "social_posts" USING btree ("channel_id","external_id");--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_post_id_social_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."social_posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issues_post_identity_idx" ON "issues" USING btree ("post_id","contact_identity_id","id") WHERE "issues"."post_id" is not null;