ALTER TABLE "organizations" ADD COLUMN "base_currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "fiscal_year_start_month" smallint;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_base_currency_code" CHECK ("organizations"."base_currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_fiscal_year_start_month" CHECK ("organizations"."fiscal_year_start_month" between 1 and 12);