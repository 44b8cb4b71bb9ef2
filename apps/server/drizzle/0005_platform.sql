CREATE TABLE "game_rounds" (
	"casino_id" text NOT NULL,
	"round_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"provider_round_id" text,
	"integration_id" text NOT NULL,
	"player_id" text NOT NULL,
	"game_id" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"debit" bigint NOT NULL,
	"credit" bigint NOT NULL,
	"total_win" bigint NOT NULL,
	"voucher_code" text,
	"funds_at_start" bigint,
	"funds_at_end" bigint,
	"displayed_outcome" jsonb,
	"real_money" bigint,
	"bonus_money" bigint,
	"voucher_money" bigint,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_rounds_pkey" PRIMARY KEY("casino_id","round_id","started_at"),
	CONSTRAINT "game_rounds_status_check" CHECK ("status" in ('completed', 'refunded', 'open', 'manualClose', 'autoClose', 'operator', 'expiredVoucher', 'autoCloseFailed')),
	CONSTRAINT "game_rounds_currency_check" CHECK ("currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "game_rounds_money_check" CHECK ("debit" >= 0 AND "credit" >= 0 AND "total_win" >= 0)
) PARTITION BY RANGE ("started_at");
--> statement-breakpoint
CREATE TABLE "integration_api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"integration_id" text NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "players" (
	"casino_id" text NOT NULL,
	"player_id" text NOT NULL,
	"integration_id" text NOT NULL,
	"language" text,
	"country" text,
	"email" text,
	"jurisdiction" text,
	"first_name" text,
	"last_name" text,
	"nick_name" text,
	"city" text,
	"date_of_birth" date,
	"gender" text,
	"registered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "players_pkey" PRIMARY KEY("casino_id","player_id")
);
--> statement-breakpoint
CREATE TABLE "round_stats_daily" (
	"casino_id" text NOT NULL,
	"day" date NOT NULL,
	"integration_id" text NOT NULL,
	"game_id" text NOT NULL,
	"currency" text NOT NULL,
	"rounds" bigint DEFAULT 0 NOT NULL,
	"open_rounds" bigint DEFAULT 0 NOT NULL,
	"refunded_rounds" bigint DEFAULT 0 NOT NULL,
	"bet" bigint DEFAULT 0 NOT NULL,
	"win" bigint DEFAULT 0 NOT NULL,
	"bet_eur" numeric DEFAULT '0' NOT NULL,
	"win_eur" numeric DEFAULT '0' NOT NULL,
	"unrated_rounds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "round_stats_daily_pkey" PRIMARY KEY("casino_id","day","integration_id","game_id","currency")
);
--> statement-breakpoint
CREATE TABLE "round_stats_monthly" (
	"casino_id" text NOT NULL,
	"month" date NOT NULL,
	"integration_id" text NOT NULL,
	"game_id" text NOT NULL,
	"currency" text NOT NULL,
	"rounds" bigint DEFAULT 0 NOT NULL,
	"open_rounds" bigint DEFAULT 0 NOT NULL,
	"refunded_rounds" bigint DEFAULT 0 NOT NULL,
	"bet" bigint DEFAULT 0 NOT NULL,
	"win" bigint DEFAULT 0 NOT NULL,
	"bet_eur" numeric DEFAULT '0' NOT NULL,
	"win_eur" numeric DEFAULT '0' NOT NULL,
	"unrated_rounds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "round_stats_monthly_pkey" PRIMARY KEY("casino_id","month","integration_id","game_id","currency"),
	CONSTRAINT "round_stats_monthly_first_day" CHECK (extract(day from "round_stats_monthly"."month") = 1)
);
--> statement-breakpoint
CREATE TABLE "savegames" (
	"casino_id" text NOT NULL,
	"player_id" text NOT NULL,
	"game_id" text NOT NULL,
	"integration_id" text NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	"state" jsonb,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "savegames_pkey" PRIMARY KEY("casino_id","player_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "significant_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"happened_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"component" text,
	"user_name" text,
	"before_value" text,
	"after_value" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"created_by_name" text
);
--> statement-breakpoint
ALTER TABLE "integration_api_keys" ADD CONSTRAINT "integration_api_keys_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "significant_events" ADD CONSTRAINT "significant_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_rounds_player_idx" ON "game_rounds" USING btree ("casino_id","player_id","started_at");--> statement-breakpoint
CREATE INDEX "game_rounds_provider_round_idx" ON "game_rounds" USING btree ("casino_id","provider_round_id");--> statement-breakpoint
CREATE INDEX "game_rounds_started_idx" ON "game_rounds" USING btree ("casino_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_api_keys_hash_key" ON "integration_api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "integration_api_keys_integration_idx" ON "integration_api_keys" USING btree ("integration_id");--> statement-breakpoint
CREATE INDEX "round_stats_daily_day_idx" ON "round_stats_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "round_stats_daily_unrated_idx" ON "round_stats_daily" USING btree ("day","currency") WHERE "round_stats_daily"."unrated_rounds" > 0;--> statement-breakpoint
CREATE INDEX "round_stats_monthly_month_idx" ON "round_stats_monthly" USING btree ("month");--> statement-breakpoint
CREATE INDEX "significant_events_happened_idx" ON "significant_events" USING btree ("happened_at");--> statement-breakpoint
-- Creates the month's partition of game_rounds unless it exists; answers whether it created it. Several
-- servers may call it at once: the advisory lock makes one of them create it.
CREATE FUNCTION "ensure_game_rounds_partition"(month_start date) RETURNS boolean
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
  EXECUTE format(
    'CREATE TABLE %I PARTITION OF game_rounds FOR VALUES FROM (%L) TO (%L)',
    partition_name,
    to_char(first_day, 'YYYY-MM-DD') || ' 00:00:00+00',
    to_char((first_day + interval '1 month')::date, 'YYYY-MM-DD') || ' 00:00:00+00'
  );
  RETURN true;
END;
$$;
--> statement-breakpoint
SELECT "ensure_game_rounds_partition"(((now() AT TIME ZONE 'UTC')::date + make_interval(months => m))::date)
FROM generate_series(0, 2) AS m;