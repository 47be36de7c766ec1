ALTER TABLE "users" ADD COLUMN "all_dashboards" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- A user an admin granted dashboards to one by one keeps exactly that list; everyone else sees all.
UPDATE "users" SET "all_dashboards" = false WHERE EXISTS (SELECT 1 FROM "user_dashboards" WHERE "user_dashboards"."user_id" = "users"."id");
