CREATE TABLE "removed_members" (
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"removed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "removed_members_organization_id_user_id_pk" PRIMARY KEY("organization_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "removed_members" ADD CONSTRAINT "removed_members_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "removed_members" ADD CONSTRAINT "removed_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;