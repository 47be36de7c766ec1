CREATE TABLE "statement_layouts" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"account_order" jsonb NOT NULL,
	"updated_by_id" uuid,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "statement_layouts" ADD CONSTRAINT "statement_layouts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_layouts" ADD CONSTRAINT "statement_layouts_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;