CREATE TABLE "message_provider_ids" (
	"channel_id" uuid NOT NULL,
	"provider_message_id" text NOT NULL,
	"message_id" bigint NOT NULL,
	"part" integer NOT NULL,
	CONSTRAINT "message_provider_ids_channel_id_provider_message_id_pk" PRIMARY KEY("channel_id","provider_message_id")
);
--> statement-breakpoint
ALTER TABLE "inbound_events" ADD COLUMN "dead_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inbound_events" ADD COLUMN "dead_reason" text;--> statement-breakpoint
ALTER TABLE "message_provider_ids" ADD CONSTRAINT "message_provider_ids_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_provider_ids" ADD CONSTRAINT "message_provider_ids_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_provider_ids_message_idx" ON "message_provider_ids" USING btree ("message_id","part");--> statement-breakpoint
CREATE INDEX "inbound_events_dead_idx" ON "inbound_events" USING btree ("provider","channel_key") WHERE "inbound_events"."dead_at" is not null;--> statement-breakpoint
-- hand-written
-- Deliveries that already failed every attempt are dead letters (counted in their channel's settings).
UPDATE "inbound_events" SET "dead_at" = now(), "dead_reason" = coalesce("error", 'failed every attempt') WHERE "processed_at" IS NULL AND "attempts" >= 10;
