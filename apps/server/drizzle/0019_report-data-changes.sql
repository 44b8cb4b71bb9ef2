CREATE TABLE "report_data_changes" (
	"xid" bigint PRIMARY KEY NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_data_pruned" (
	"only" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"below" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_data_pruned_one_row" CHECK ("report_data_pruned"."only")
);
--> statement-breakpoint
INSERT INTO "report_data_pruned" DEFAULT VALUES;--> statement-breakpoint
-- Every transaction that writes what a money report shows notes itself, with the days it changed
-- (decision 040): statement triggers, so that every writer does (ingest, rate changes, rebuilds, renames,
-- scripts). One row per transaction, widened by each further change; its key is its own, so no writer
-- waits for another.
CREATE FUNCTION "note_report_days"(from_day date, to_day date) RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_data_changes AS c (xid, first_day, last_day)
  VALUES (pg_current_xact_id()::text::bigint, from_day, to_day)
  ON CONFLICT (xid) DO UPDATE SET first_day = least(c.first_day, excluded.first_day),
    last_day = greatest(c.last_day, excluded.last_day)
$$;--> statement-breakpoint
-- A rollup statement: the months of the rows it wrote (`changed`, and for an update `changed_before` too).
-- Whole months, because a report may read a month whole less the days outside its range: a change on
-- any day of a month can change the answer of any range in it. A statement that wrote no row notes nothing.
CREATE FUNCTION "note_rollup_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  from_day date;
  to_day date;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM note_report_days('-infinity', 'infinity');
    RETURN NULL;
  ELSIF TG_TABLE_NAME = 'round_stats_monthly' AND TG_OP = 'UPDATE' THEN
    SELECT min(month), max(month) INTO from_day, to_day
    FROM (SELECT month FROM changed UNION ALL SELECT month FROM changed_before) AS months;
  ELSIF TG_TABLE_NAME = 'round_stats_monthly' THEN
    SELECT min(month), max(month) INTO from_day, to_day FROM changed;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT min(day), max(day) INTO from_day, to_day
    FROM (SELECT day FROM changed UNION ALL SELECT day FROM changed_before) AS days;
  ELSE
    SELECT min(day), max(day) INTO from_day, to_day FROM changed;
  END IF;
  IF from_day IS NOT NULL THEN
    PERFORM note_report_days(date_trunc('month', from_day)::date,
      (date_trunc('month', to_day) + interval '1 month' - interval '1 day')::date);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A name or a theoretical RTP a report shows: every day.
CREATE FUNCTION "note_report_names_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM note_report_days('-infinity', 'infinity');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "round_stats_daily_report_inserts" AFTER INSERT ON "round_stats_daily" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "note_rollup_change"();--> statement-breakpoint
CREATE TRIGGER "round_stats_daily_report_updates" AFTER UPDATE ON "round_stats_daily" REFERENCING OLD TABLE AS changed_before NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "note_rollup_change"();--> statement-breakpoint
CREATE TRIGGER "round_stats_daily_report_deletes" AFTER DELETE ON "round_stats_daily" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "note_rollup_change"();--> statement-breakpoint
CREATE TRIGGER "round_stats_daily_report_truncates" AFTER TRUNCATE ON "round_stats_daily" FOR EACH STATEMENT EXECUTE FUNCTION "note_rollup_change"();--> statement-breakpoint
CREATE TRIGGER "round_stats_daily_totals_report_inserts" AFTER INSERT ON "round_stats_daily_totals" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "note_rollup_change"();--> statement-breakpoint
CREATE TRIGGER "round_stats_daily_totals_report_updates" AFTER UPDATE ON "round_stats_daily_totals" REFERENCING OLD TABLE AS changed_before NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "note_rollup_change"();--> statement-breakpoint
CREATE TRIGGER "round_stats_daily_totals_report_deletes" AFTER DELETE ON "round_stats_daily_totals" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "note_rollup_change"();--> statement-breakpoint
CREATE TRIGGER "round_stats_daily_totals_report_truncates" AFTER TRUNCATE ON "round_stats_daily_totals" FOR EACH STATEMENT EXECUTE FUNCTION "note_rollup_change"();--> statement-breakpoint
CREATE TRIGGER "round_stats_monthly_report_inserts" AFTER INSERT ON "round_stats_monthly" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "note_rollup_change"();--> statement-breakpoint
CREATE TRIGGER "round_stats_monthly_report_updates" AFTER UPDATE ON "round_stats_monthly" REFERENCING OLD TABLE AS changed_before NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "note_rollup_change"();--> statement-breakpoint
CREATE TRIGGER "round_stats_monthly_report_deletes" AFTER DELETE ON "round_stats_monthly" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "note_rollup_change"();--> statement-breakpoint
CREATE TRIGGER "round_stats_monthly_report_truncates" AFTER TRUNCATE ON "round_stats_monthly" FOR EACH STATEMENT EXECUTE FUNCTION "note_rollup_change"();--> statement-breakpoint
CREATE TRIGGER "casinos_report_names" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "name" ON "casinos" FOR EACH STATEMENT EXECUTE FUNCTION "note_report_names_change"();--> statement-breakpoint
CREATE TRIGGER "integrations_report_names" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "name" ON "integrations" FOR EACH STATEMENT EXECUTE FUNCTION "note_report_names_change"();--> statement-breakpoint
CREATE TRIGGER "games_report_names" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "name", "theoretical_rtp" ON "games" FOR EACH STATEMENT EXECUTE FUNCTION "note_report_names_change"();
