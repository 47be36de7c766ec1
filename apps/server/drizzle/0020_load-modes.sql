ALTER TABLE "pipeline_runs" ADD COLUMN "mode" text DEFAULT 'add' NOT NULL;--> statement-breakpoint
ALTER TABLE "pipeline_runs" ADD COLUMN "overwrite_edits" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pipeline_runs" ADD COLUMN "rows_added" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pipeline_runs" ADD COLUMN "rows_removed" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pipeline_runs" ADD COLUMN "rows_replaced" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pipeline_runs" ADD COLUMN "edits_overwritten" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pipeline_runs" ADD COLUMN "overwritten" jsonb;--> statement-breakpoint
ALTER TABLE "pipeline_runs" ADD COLUMN "undone_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pipeline_runs" ADD COLUMN "undone_by" uuid;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD COLUMN "replaces_file_id" uuid;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD COLUMN "replace_periods" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pipeline_runs" ADD CONSTRAINT "pipeline_runs_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;