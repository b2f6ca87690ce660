CREATE TABLE "contact_audit_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" uuid NOT NULL,
	"user_id" uuid,
	"action" text NOT NULL,
	"contact_id" uuid,
	"contact_name" text,
	"count" integer,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "consent_status" text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_audit_events" ADD CONSTRAINT "contact_audit_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_audit_events" ADD CONSTRAINT "contact_audit_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_audit_events_org_idx" ON "contact_audit_events" USING btree ("organization_id","id");--> statement-breakpoint
CREATE INDEX "contact_audit_events_contact_idx" ON "contact_audit_events" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "contacts_org_recent_idx" ON "contacts" USING btree ("organization_id",coalesce("last_contact_at", "created_at"),"id");--> statement-breakpoint
CREATE INDEX "contacts_org_created_idx" ON "contacts" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contacts_org_display_name_idx" ON "contacts" USING btree ("organization_id","display_name","id");