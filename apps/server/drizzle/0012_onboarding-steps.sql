CREATE TABLE "onboarding_steps" (
	"organization_id" uuid NOT NULL,
	"step" text NOT NULL,
	"state" text NOT NULL,
	"resource_name" text NOT NULL,
	"reason" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_steps_organization_id_step_pk" PRIMARY KEY("organization_id","step")
);
--> statement-breakpoint
ALTER TABLE "onboarding_steps" ADD CONSTRAINT "onboarding_steps_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "onboarding_steps_resource_unique" ON "onboarding_steps" USING btree ("step","resource_name") WHERE state = 'done';