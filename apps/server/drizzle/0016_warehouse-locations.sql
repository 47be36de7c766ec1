CREATE TABLE "warehouse_locations" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"database_name" text NOT NULL,
	"server_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouse_locations_database_name_unique" UNIQUE("database_name")
);
