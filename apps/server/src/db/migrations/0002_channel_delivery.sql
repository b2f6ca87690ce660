ALTER TABLE "contact_identities" ADD COLUMN "reply_token" text;--> statement-breakpoint
ALTER TABLE "contact_identities" ADD COLUMN "reply_token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inbound_events" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "retry_key" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "delivered_via" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "delivery_attempts" integer DEFAULT 0 NOT NULL;