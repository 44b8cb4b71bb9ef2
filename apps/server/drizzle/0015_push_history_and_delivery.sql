CREATE TABLE "integration_deliveries" (
	"integration_id" text PRIMARY KEY NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"alerted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "integration_pushes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"integration_id" text NOT NULL,
	"configuration_version" integer NOT NULL,
	"digest" text NOT NULL,
	"document" jsonb NOT NULL,
	"trigger" text NOT NULL,
	"actor_id" text,
	"actor_name" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" text NOT NULL,
	"received_at" text,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "integration_deliveries" ADD CONSTRAINT "integration_deliveries_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_pushes" ADD CONSTRAINT "integration_pushes_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_pushes_integration_idx" ON "integration_pushes" USING btree ("integration_id","started_at");--> statement-breakpoint
CREATE INDEX "integration_pushes_version_idx" ON "integration_pushes" USING btree ("integration_id","configuration_version");