-- Creates the month's partition of game_rounds unless it exists; answers whether it created it. Several
-- servers and requests may call it at once. The advisory lock lets one of them create it; a caller that
-- waited for the lock may still look at a catalogue from before the other's commit, so a partition that
-- turns out to exist when it is created counts as there (it was answering 42P07 to concurrent batches).
CREATE OR REPLACE FUNCTION "ensure_game_rounds_partition"(month_start date) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  first_day date := date_trunc('month', month_start)::date;
  partition_name text := 'game_rounds_' || to_char(first_day, 'YYYY_MM');
BEGIN
  IF to_regclass(partition_name) IS NOT NULL THEN
    RETURN false;
  END IF;
  PERFORM pg_advisory_xact_lock(727002);
  IF to_regclass(partition_name) IS NOT NULL THEN
    RETURN false;
  END IF;
  BEGIN
    EXECUTE format(
      'CREATE TABLE %I PARTITION OF game_rounds FOR VALUES FROM (%L) TO (%L)',
      partition_name,
      to_char(first_day, 'YYYY-MM-DD') || ' 00:00:00+00',
      to_char((first_day + interval '1 month')::date, 'YYYY-MM-DD') || ' 00:00:00+00'
    );
  EXCEPTION WHEN duplicate_table THEN
    RETURN false;
  END;
  RETURN true;
END;
$$;
