CREATE TABLE "consolidation_group_members" (
	"group_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"entity" text DEFAULT '' NOT NULL,
	"ownership_pct" numeric(7, 4) NOT NULL,
	"joined_period" text NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "consolidation_group_members_group_id_organization_id_entity_pk" PRIMARY KEY("group_id","organization_id","entity"),
	CONSTRAINT "consolidation_group_members_ownership" CHECK ("consolidation_group_members"."ownership_pct" > 0 and "consolidation_group_members"."ownership_pct" <= 100)
);
--> statement-breakpoint
CREATE TABLE "consolidation_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"reporting_currency" text NOT NULL,
	"parent_organization_id" uuid NOT NULL,
	"elimination_rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"period" text NOT NULL,
	"from_currency" text NOT NULL,
	"to_currency" text NOT NULL,
	"average" numeric(20, 10) NOT NULL,
	"closing" numeric(20, 10) NOT NULL,
	"updated_by_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_from_currency_to_currency_period_pk" PRIMARY KEY("from_currency","to_currency","period"),
	CONSTRAINT "exchange_rates_positive" CHECK ("exchange_rates"."average" > 0 and "exchange_rates"."closing" > 0)
);
--> statement-breakpoint
CREATE TABLE "organization_summaries" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"latest_period" text,
	"revenue_latest_month" numeric(18, 2),
	"net_income_latest_month" numeric(18, 2),
	"cash_latest" numeric(18, 2),
	"revenue_ytd" numeric(18, 2),
	"net_income_ytd" numeric(18, 2),
	"sparkline" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tie_out_difference" boolean DEFAULT false NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consolidation_group_members" ADD CONSTRAINT "consolidation_group_members_group_id_consolidation_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."consolidation_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consolidation_group_members" ADD CONSTRAINT "consolidation_group_members_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consolidation_groups" ADD CONSTRAINT "consolidation_groups_parent_organization_id_organizations_id_fk" FOREIGN KEY ("parent_organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_summaries" ADD CONSTRAINT "organization_summaries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consolidation_group_members_organization_idx" ON "consolidation_group_members" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "consolidation_groups_name_unique" ON "consolidation_groups" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "consolidation_groups_parent_idx" ON "consolidation_groups" USING btree ("parent_organization_id");