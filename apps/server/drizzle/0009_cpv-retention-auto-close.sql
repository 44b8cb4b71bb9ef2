CREATE TABLE "retention_marks" (
	"integration_id" text PRIMARY KEY NOT NULL,
	"rounds_removed_before" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "allowed_hashes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"component" text NOT NULL,
	"hash" text NOT NULL,
	"note" text,
	"retired_at" timestamp with time zone,
	"retired_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "allowed_hashes_hash_check" CHECK ("allowed_hashes"."hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "cpv_check_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"check_id" uuid NOT NULL,
	"component" text NOT NULL,
	"source" text NOT NULL,
	"expected_hash" text,
	"actual_hash" text,
	"result" text NOT NULL,
	"detail" text,
	"checked_on" timestamp with time zone DEFAULT now() NOT NULL,
	"triggered_by" text,
	CONSTRAINT "cpv_check_results_result_check" CHECK ("cpv_check_results"."result" in ('pass', 'mismatch', 'unknown-component', 'unreachable'))
);
--> statement-breakpoint
CREATE TABLE "cpv_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trigger" text NOT NULL,
	"triggered_by" text,
	"triggered_by_id" uuid,
	"components" jsonb,
	"state" text DEFAULT 'queued' NOT NULL,
	"total" integer,
	"done" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "cpv_checks_state_check" CHECK ("cpv_checks"."state" in ('queued', 'running', 'finished', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"details" jsonb,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" uuid,
	"acknowledged_by_name" text
);
--> statement-breakpoint
ALTER TABLE "game_versions" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "global_settings" ADD COLUMN "big_win_bet_multiple" numeric(10, 2) DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "global_settings" ADD COLUMN "big_win_min_eur" numeric(18, 2) DEFAULT 1000;--> statement-breakpoint
ALTER TABLE "global_settings" ADD COLUMN "cpv_deactivate_on_mismatch" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "round_closures" ADD COLUMN "kind" text DEFAULT 'support' NOT NULL;--> statement-breakpoint
ALTER TABLE "cpv_check_results" ADD CONSTRAINT "cpv_check_results_check_id_cpv_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."cpv_checks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpv_checks" ADD CONSTRAINT "cpv_checks_triggered_by_id_users_id_fk" FOREIGN KEY ("triggered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "allowed_hashes_hash_key" ON "allowed_hashes" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "allowed_hashes_component_idx" ON "allowed_hashes" USING btree ("component");--> statement-breakpoint
CREATE INDEX "cpv_check_results_checked_idx" ON "cpv_check_results" USING btree ("checked_on");--> statement-breakpoint
CREATE INDEX "cpv_check_results_check_idx" ON "cpv_check_results" USING btree ("check_id");--> statement-breakpoint
CREATE INDEX "cpv_check_results_component_idx" ON "cpv_check_results" USING btree ("component","checked_on");--> statement-breakpoint
CREATE INDEX "cpv_check_results_problem_idx" ON "cpv_check_results" USING btree ("checked_on") WHERE "cpv_check_results"."result" <> 'pass';--> statement-breakpoint
CREATE INDEX "cpv_checks_created_idx" ON "cpv_checks" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "alerts_open_idx" ON "alerts" USING btree ("raised_at") WHERE "alerts"."acknowledged_at" is null;--> statement-breakpoint
CREATE INDEX "game_rounds_open_idx" ON "game_rounds" USING btree ("started_at") WHERE "game_rounds"."status" = 'open';--> statement-breakpoint
ALTER TABLE "global_settings" ADD CONSTRAINT "global_settings_big_win_check" CHECK ("global_settings"."big_win_bet_multiple" > 0 and ("global_settings"."big_win_min_eur" is null or "global_settings"."big_win_min_eur" > 0));--> statement-breakpoint
ALTER TABLE "round_closures" ADD CONSTRAINT "round_closures_kind_check" CHECK ("round_closures"."kind" in ('support', 'auto'));--> statement-breakpoint
-- CPV results are evidence for the regulator: append-only, like the audit trail (GLI-19 §B.2.6).
CREATE FUNCTION "cpv_check_results_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'CPV check results cannot be changed or deleted' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "cpv_check_results_no_change" BEFORE UPDATE OR DELETE ON "cpv_check_results"
  FOR EACH ROW EXECUTE FUNCTION "cpv_check_results_append_only"();
--> statement-breakpoint
CREATE TRIGGER "cpv_check_results_no_truncate" BEFORE TRUNCATE ON "cpv_check_results"
  FOR EACH STATEMENT EXECUTE FUNCTION "cpv_check_results_append_only"();
