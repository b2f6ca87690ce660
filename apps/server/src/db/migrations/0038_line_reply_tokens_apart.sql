CREATE TABLE "line_reply_tokens" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "line_reply_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"identity_id" uuid NOT NULL,
	"token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "line_reply_tokens" ADD CONSTRAINT "line_reply_tokens_identity_id_contact_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."contact_identities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "line_reply_tokens_identity_idx" ON "line_reply_tokens" USING btree ("identity_id","id");--> statement-breakpoint
-- The tokens still live move with their chat (a reply within the minute of the upgrade stays free).
INSERT INTO "line_reply_tokens" ("identity_id", "token", "expires_at")
SELECT "id", "reply_token", "reply_token_expires_at" FROM "contact_identities"
WHERE "reply_token" IS NOT NULL AND "reply_token_expires_at" > now();--> statement-breakpoint
ALTER TABLE "contact_identities" DROP COLUMN "reply_token";--> statement-breakpoint
ALTER TABLE "contact_identities" DROP COLUMN "reply_token_expires_at";