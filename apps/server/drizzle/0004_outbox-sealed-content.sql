ALTER TABLE "outbox_emails" ALTER COLUMN "text" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "content" text;