DROP INDEX "jobs_queue_state_idx";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "jobs_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
CREATE INDEX "jobs_queue_state_idx" ON "jobs" USING btree ("queue","state","seq");