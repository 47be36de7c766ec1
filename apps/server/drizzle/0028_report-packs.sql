CREATE TABLE "report_pack_periods" (
	"pack_id" uuid NOT NULL,
	"period" text NOT NULL,
	"commentary" text DEFAULT '' NOT NULL,
	"commentary_updated_at" timestamp with time zone,
	"commentary_updated_by" text,
	"signed_off_by" text,
	"signed_off_at" timestamp with time zone,
	CONSTRAINT "report_pack_periods_pack_id_period_pk" PRIMARY KEY("pack_id","period")
);
--> statement-breakpoint
CREATE TABLE "report_pack_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"pack_id" uuid NOT NULL,
	"period" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"trigger" text NOT NULL,
	"deliver" boolean DEFAULT false NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"message" text,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deliveries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"requested_by" uuid,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "report_pack_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"pages" jsonb NOT NULL,
	"formats" jsonb NOT NULL,
	"colour" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_packs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"template_id" uuid,
	"pages" jsonb NOT NULL,
	"page_layout" jsonb,
	"formats" jsonb,
	"colour" text,
	"schedule" jsonb,
	"next_run_at" timestamp with time zone,
	"recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "report_pack_periods" ADD CONSTRAINT "report_pack_periods_pack_id_report_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."report_packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_pack_runs" ADD CONSTRAINT "report_pack_runs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_pack_runs" ADD CONSTRAINT "report_pack_runs_pack_id_report_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."report_packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_pack_runs" ADD CONSTRAINT "report_pack_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_packs" ADD CONSTRAINT "report_packs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_packs" ADD CONSTRAINT "report_packs_template_id_report_pack_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."report_pack_templates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_packs" ADD CONSTRAINT "report_packs_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_packs" ADD CONSTRAINT "report_packs_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_pack_runs_pack_idx" ON "report_pack_runs" USING btree ("pack_id","queued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "report_pack_runs_sent_once" ON "report_pack_runs" USING btree ("pack_id","period") WHERE "report_pack_runs"."trigger" <> 'manual' and "report_pack_runs"."status" <> 'held';--> statement-breakpoint
CREATE UNIQUE INDEX "report_pack_templates_name_unique" ON "report_pack_templates" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "report_packs_organization_name_unique" ON "report_packs" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "report_packs_template_idx" ON "report_packs" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "report_packs_next_run_idx" ON "report_packs" USING btree ("next_run_at") WHERE "report_packs"."next_run_at" is not null;