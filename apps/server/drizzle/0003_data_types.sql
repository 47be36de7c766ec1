CREATE TABLE "data_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"target_table" text NOT NULL,
	"columns" jsonb NOT NULL,
	"delimiter" text DEFAULT ',' NOT NULL,
	"period_based" boolean DEFAULT false NOT NULL,
	"standard_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_types" ADD CONSTRAINT "data_types_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_types_organization_name_unique" ON "data_types" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "data_types_organization_standard_unique" ON "data_types" USING btree ("organization_id","standard_key") WHERE "data_types"."standard_key" is not null;