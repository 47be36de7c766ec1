CREATE TABLE "file_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"container_name" text,
	"storage_key" text NOT NULL,
	"holder" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"renewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "file_holds_holder_idx" ON "file_holds" USING btree ("holder");--> statement-breakpoint
CREATE INDEX "file_holds_renewed_idx" ON "file_holds" USING btree ("renewed_at");