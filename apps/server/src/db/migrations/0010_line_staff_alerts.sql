ALTER TABLE "users" ADD COLUMN "line_channel_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "line_link_expires_at" timestamp with time zone;