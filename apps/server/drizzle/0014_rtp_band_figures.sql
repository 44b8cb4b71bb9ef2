ALTER TABLE "round_stats_daily" ADD COLUMN "bet_rounds" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "round_stats_daily" ADD COLUMN "win_per_bet_sum" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "round_stats_daily" ADD COLUMN "win_per_bet_squares" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "round_stats_daily" ADD COLUMN "bet_squares" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "round_stats_daily" ADD COLUMN "bet_squares_eur" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "round_stats_monthly" ADD COLUMN "bet_rounds" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "round_stats_monthly" ADD COLUMN "win_per_bet_sum" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "round_stats_monthly" ADD COLUMN "win_per_bet_squares" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "round_stats_monthly" ADD COLUMN "bet_squares" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "round_stats_monthly" ADD COLUMN "bet_squares_eur" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
-- The new figures of the rounds stored now; days whose rounds retention removed keep zeros (no band).
UPDATE "round_stats_daily" d SET "bet_rounds" = f.bet_rounds, "win_per_bet_sum" = f.win_per_bet_sum,
  "win_per_bet_squares" = f.win_per_bet_squares, "bet_squares" = f.bet_squares,
  "bet_squares_eur" = coalesce(f.bet_squares * r.rate * r.rate, 0)
FROM (
  SELECT casino_id, (started_at AT TIME ZONE 'UTC')::date AS day, integration_id, game_id, currency,
    count(*) FILTER (WHERE debit > 0) AS bet_rounds,
    coalesce(sum(x) FILTER (WHERE debit > 0), 0) AS win_per_bet_sum,
    coalesce(sum(x * x) FILTER (WHERE debit > 0), 0) AS win_per_bet_squares,
    coalesce(sum(debit::numeric * debit), 0) AS bet_squares
  FROM (
    SELECT casino_id, started_at, integration_id, game_id, currency, debit,
      round(credit * 1000000.0 / nullif(debit, 0)) AS x
    FROM game_rounds WHERE status <> 'refunded' AND NOT bet_returned
  ) turnover
  GROUP BY 1, 2, 3, 4, 5
) f, LATERAL (
  SELECT CASE WHEN f.currency = 'EUR' THEN 1::numeric
    ELSE (SELECT x.rate_to_eur FROM fx_rates x WHERE x.day = f.day AND x.currency = f.currency) END AS rate
) r
WHERE d.casino_id = f.casino_id AND d.day = f.day AND d.integration_id = f.integration_id
  AND d.game_id = f.game_id AND d.currency = f.currency;--> statement-breakpoint
UPDATE "round_stats_monthly" m SET "bet_rounds" = f.bet_rounds, "win_per_bet_sum" = f.win_per_bet_sum,
  "win_per_bet_squares" = f.win_per_bet_squares, "bet_squares" = f.bet_squares,
  "bet_squares_eur" = f.bet_squares_eur
FROM (
  SELECT casino_id, date_trunc('month', day)::date AS month, integration_id, game_id, currency,
    sum(bet_rounds) AS bet_rounds, sum(win_per_bet_sum) AS win_per_bet_sum,
    sum(win_per_bet_squares) AS win_per_bet_squares, sum(bet_squares) AS bet_squares,
    sum(bet_squares_eur) AS bet_squares_eur
  FROM round_stats_daily GROUP BY 1, 2, 3, 4, 5
) f
WHERE m.casino_id = f.casino_id AND m.month = f.month AND m.integration_id = f.integration_id
  AND m.game_id = f.game_id AND m.currency = f.currency;
