CREATE TABLE "audit_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"actor_email" text,
	"ip" text,
	"area" text NOT NULL,
	"action" text NOT NULL,
	"subject_id" text,
	"subject_label" text,
	"outcome" text NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"route" text
);
--> statement-breakpoint
CREATE TABLE "audit_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"retention_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_settings" ADD CONSTRAINT "audit_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_entries_org_idx" ON "audit_entries" USING btree ("organization_id","id");--> statement-breakpoint
CREATE INDEX "audit_entries_org_actor_idx" ON "audit_entries" USING btree ("organization_id","actor_id","id");--> statement-breakpoint
CREATE INDEX "audit_entries_org_area_idx" ON "audit_entries" USING btree ("organization_id","area","id");--> statement-breakpoint
CREATE INDEX "audit_entries_at_idx" ON "audit_entries" USING btree ("created_at");