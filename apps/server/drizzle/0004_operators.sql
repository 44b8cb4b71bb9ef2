CREATE TABLE "casino_games" (
	"casino_id" text NOT NULL,
	"game_id" text NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "casino_games_pkey" PRIMARY KEY("casino_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "casino_option_values" (
	"casino_id" text NOT NULL,
	"option_id" uuid NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "casino_option_values_pkey" PRIMARY KEY("casino_id","option_id")
);
--> statement-breakpoint
CREATE TABLE "casino_provider_configs" (
	"casino_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "casino_provider_configs_pkey" PRIMARY KEY("casino_id","provider_id")
);
--> statement-breakpoint
CREATE TABLE "casinos" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"bridge_id" uuid NOT NULL,
	"api" text NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"jurisdiction_id" uuid NOT NULL,
	"show_game_launch_page" boolean DEFAULT false NOT NULL,
	"cheating_allowed" boolean DEFAULT false NOT NULL,
	"send_event_messages" boolean DEFAULT false NOT NULL,
	"game_round_validity_period_days" integer,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "casinos_api_check" CHECK ("casinos"."api" in ('seamlessWallet', 'transferWallet', 'oauthWallet', 'signedWallet', 'amqpWallet'))
);
--> statement-breakpoint
CREATE TABLE "fx_rates" (
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"rate_to_eur" numeric(18, 10) NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fx_rates_pkey" PRIMARY KEY("day","currency"),
	CONSTRAINT "fx_rates_rate_check" CHECK ("fx_rates"."rate_to_eur" > 0)
);
--> statement-breakpoint
CREATE TABLE "global_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"default_game_round_validity_period_days" integer DEFAULT 30 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "global_settings_single_row" CHECK ("global_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "integration_casinos" (
	"integration_id" text NOT NULL,
	"casino_id" text NOT NULL,
	CONSTRAINT "integration_casinos_pkey" PRIMARY KEY("integration_id","casino_id")
);
--> statement-breakpoint
CREATE TABLE "integration_games" (
	"integration_id" text NOT NULL,
	"game_id" text NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_games_pkey" PRIMARY KEY("integration_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "integration_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"data_type" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_options_data_type_check" CHECK ("integration_options"."data_type" in ('text', 'number', 'boolean', 'date', 'duration', 'currency'))
);
--> statement-breakpoint
CREATE TABLE "integrations" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"bridge_id" uuid NOT NULL,
	"game_client_integration_url" text DEFAULT '' NOT NULL,
	"default_casino_id" text,
	"game_round_validity_period_days" integer,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"persistence" jsonb NOT NULL,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rule_tests" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_push" jsonb,
	"active" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "casino_games" ADD CONSTRAINT "casino_games_casino_id_casinos_id_fk" FOREIGN KEY ("casino_id") REFERENCES "public"."casinos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_games" ADD CONSTRAINT "casino_games_game_id_games_game_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("game_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_option_values" ADD CONSTRAINT "casino_option_values_casino_id_casinos_id_fk" FOREIGN KEY ("casino_id") REFERENCES "public"."casinos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_option_values" ADD CONSTRAINT "casino_option_values_option_id_integration_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."integration_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_provider_configs" ADD CONSTRAINT "casino_provider_configs_casino_id_casinos_id_fk" FOREIGN KEY ("casino_id") REFERENCES "public"."casinos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_provider_configs" ADD CONSTRAINT "casino_provider_configs_provider_id_game_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."game_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casinos" ADD CONSTRAINT "casinos_bridge_id_bridges_id_fk" FOREIGN KEY ("bridge_id") REFERENCES "public"."bridges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casinos" ADD CONSTRAINT "casinos_jurisdiction_id_jurisdictions_id_fk" FOREIGN KEY ("jurisdiction_id") REFERENCES "public"."jurisdictions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_casinos" ADD CONSTRAINT "integration_casinos_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_casinos" ADD CONSTRAINT "integration_casinos_casino_id_casinos_id_fk" FOREIGN KEY ("casino_id") REFERENCES "public"."casinos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_games" ADD CONSTRAINT "integration_games_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_games" ADD CONSTRAINT "integration_games_game_id_games_game_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("game_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_bridge_id_bridges_id_fk" FOREIGN KEY ("bridge_id") REFERENCES "public"."bridges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_default_casino_id_casinos_id_fk" FOREIGN KEY ("default_casino_id") REFERENCES "public"."casinos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "casino_games_game_idx" ON "casino_games" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "casino_option_values_option_idx" ON "casino_option_values" USING btree ("option_id");--> statement-breakpoint
CREATE INDEX "casino_provider_configs_provider_idx" ON "casino_provider_configs" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "casinos_name_idx" ON "casinos" USING btree ("name");--> statement-breakpoint
CREATE INDEX "casinos_bridge_idx" ON "casinos" USING btree ("bridge_id");--> statement-breakpoint
CREATE INDEX "casinos_jurisdiction_idx" ON "casinos" USING btree ("jurisdiction_id");--> statement-breakpoint
CREATE INDEX "fx_rates_currency_day_idx" ON "fx_rates" USING btree ("currency","day");--> statement-breakpoint
CREATE INDEX "integration_casinos_casino_idx" ON "integration_casinos" USING btree ("casino_id");--> statement-breakpoint
CREATE INDEX "integration_games_game_idx" ON "integration_games" USING btree ("game_id");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_options_name_key" ON "integration_options" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "integrations_name_idx" ON "integrations" USING btree ("name");--> statement-breakpoint
CREATE INDEX "integrations_bridge_idx" ON "integrations" USING btree ("bridge_id");--> statement-breakpoint
CREATE INDEX "integrations_default_casino_idx" ON "integrations" USING btree ("default_casino_id");--> statement-breakpoint
-- The global defaults exist from the start; the master data screen changes them.
INSERT INTO "global_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
