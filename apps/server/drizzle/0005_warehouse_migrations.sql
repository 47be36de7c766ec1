CREATE TABLE "warehouse_migrations" (
	"organization_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouse_migrations_organization_id_version_pk" PRIMARY KEY("organization_id","version")
);
