CREATE TABLE "report_data_changes" (
	"xid" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_data_pruned" (
	"only" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"below" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_data_pruned_one_row" CHECK ("report_data_pruned"."only")
);
--> statement-breakpoint
INSERT INTO "report_data_pruned" DEFAULT VALUES;--> statement-breakpoint
-- Every transaction that writes what a money report shows notes itself once (decision 040): a statement
-- trigger, so that every writer does (ingest, rate changes, rebuilds, retention, renames, scripts). An
-- insert of a new key takes no lock another writer waits for.
CREATE FUNCTION "note_report_data_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_data_changes (xid) VALUES (pg_current_xact_id()::text::bigint) ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "round_stats_daily_report_data" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "round_stats_daily" FOR EACH STATEMENT EXECUTE FUNCTION "note_report_data_change"();--> statement-breakpoint
CREATE TRIGGER "round_stats_daily_totals_report_data" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "round_stats_daily_totals" FOR EACH STATEMENT EXECUTE FUNCTION "note_report_data_change"();--> statement-breakpoint
CREATE TRIGGER "round_stats_monthly_report_data" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "round_stats_monthly" FOR EACH STATEMENT EXECUTE FUNCTION "note_report_data_change"();--> statement-breakpoint
CREATE TRIGGER "casinos_report_data" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "casinos" FOR EACH STATEMENT EXECUTE FUNCTION "note_report_data_change"();--> statement-breakpoint
CREATE TRIGGER "integrations_report_data" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "integrations" FOR EACH STATEMENT EXECUTE FUNCTION "note_report_data_change"();--> statement-breakpoint
CREATE TRIGGER "games_report_data" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "games" FOR EACH STATEMENT EXECUTE FUNCTION "note_report_data_change"();
