CREATE TABLE "line_chat_members" (
	"organization_id" uuid NOT NULL,
	"identity_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"display_name" text,
	"picture_url" text,
	"left_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "line_chat_members_identity_id_user_id_pk" PRIMARY KEY("identity_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "line_chat_members" ADD CONSTRAINT "line_chat_members_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_chat_members" ADD CONSTRAINT "line_chat_members_identity_id_contact_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."contact_identities"("id") ON DELETE cascade ON UPDATE no action;