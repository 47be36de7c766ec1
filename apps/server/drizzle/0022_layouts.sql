ALTER TABLE "data_types" ADD COLUMN "layouts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD COLUMN "layout" jsonb;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD COLUMN "new_accounts" jsonb;