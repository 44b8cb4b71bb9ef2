CREATE TABLE "round_stats_daily_totals" (
	"casino_id" text NOT NULL,
	"day" date NOT NULL,
	"integration_id" text NOT NULL,
	"currency" text NOT NULL,
	"rounds" bigint DEFAULT 0 NOT NULL,
	"open_rounds" bigint DEFAULT 0 NOT NULL,
	"refunded_rounds" bigint DEFAULT 0 NOT NULL,
	"bet" bigint DEFAULT 0 NOT NULL,
	"win" bigint DEFAULT 0 NOT NULL,
	"bet_eur" numeric DEFAULT '0' NOT NULL,
	"win_eur" numeric DEFAULT '0' NOT NULL,
	"unrated_rounds" bigint DEFAULT 0 NOT NULL,
	"bet_rounds" bigint DEFAULT 0 NOT NULL,
	"win_per_bet_sum" numeric DEFAULT '0' NOT NULL,
	"win_per_bet_squares" numeric DEFAULT '0' NOT NULL,
	"bet_squares" numeric DEFAULT '0' NOT NULL,
	"bet_squares_eur" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "round_stats_daily_totals_pkey" PRIMARY KEY("casino_id","day","integration_id","currency")
);
--> statement-breakpoint
CREATE INDEX "round_stats_daily_totals_day_idx" ON "round_stats_daily_totals" USING btree ("day");--> statement-breakpoint
INSERT INTO "round_stats_daily_totals" ("casino_id", "day", "integration_id", "currency", "rounds", "open_rounds", "refunded_rounds", "bet", "win", "bet_eur", "win_eur", "unrated_rounds", "bet_rounds", "win_per_bet_sum", "win_per_bet_squares", "bet_squares", "bet_squares_eur")
SELECT "casino_id", "day", "integration_id", "currency", sum("rounds"), sum("open_rounds"), sum("refunded_rounds"), sum("bet"), sum("win"), sum("bet_eur"), sum("win_eur"), sum("unrated_rounds"), sum("bet_rounds"), sum("win_per_bet_sum"), sum("win_per_bet_squares"), sum("bet_squares"), sum("bet_squares_eur")
FROM "round_stats_daily"
GROUP BY "casino_id", "day", "integration_id", "currency";
