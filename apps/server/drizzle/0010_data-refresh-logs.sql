CREATE TABLE "refresh_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"report_name" text NOT NULL,
	"workspace_id" text,
	"dataset_id" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"error_message" text,
	"requested_by" uuid,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"powerbi_request_id" text
);
--> statement-breakpoint
ALTER TABLE "refresh_logs" ADD CONSTRAINT "refresh_logs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_logs" ADD CONSTRAINT "refresh_logs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refresh_logs_organization_idx" ON "refresh_logs" USING btree ("organization_id","requested_at");--> statement-breakpoint
CREATE INDEX "refresh_logs_status_idx" ON "refresh_logs" USING btree ("status");