CREATE TABLE "warehouse_readers" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"role_name" text NOT NULL,
	"password_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "warehouse_readers" ADD CONSTRAINT "warehouse_readers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;