-- Substring search of list screens is served by trigram indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "game_providers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"api" text NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_providers_api_check" CHECK ("game_providers"."api" in ('internal', 'relax', 'rgsNode', 'apiKey', 'cockpit'))
);
--> statement-breakpoint
CREATE TABLE "game_studios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"relax_id" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_version_jurisdictions" (
	"game_version_id" uuid NOT NULL,
	"jurisdiction_id" uuid NOT NULL,
	CONSTRAINT "game_version_jurisdictions_game_version_id_jurisdiction_id_pk" PRIMARY KEY("game_version_id","jurisdiction_id")
);
--> statement-breakpoint
CREATE TABLE "game_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"game_id" text NOT NULL,
	"version_number" text NOT NULL,
	"bet_sizes" numeric(12, 2)[] DEFAULT '{}'::numeric[] NOT NULL,
	"supports_vouchers" boolean DEFAULT false NOT NULL,
	"supports_feature_trigger_vouchers" boolean DEFAULT false NOT NULL,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"frontend_url" text DEFAULT '' NOT NULL,
	"backend_url" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "games" (
	"game_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"studio_id" uuid NOT NULL,
	"provider_id" text NOT NULL,
	"game_provider_game_id" text NOT NULL,
	"theoretical_rtp" numeric(5, 2) NOT NULL,
	"max_exposure_factor" integer NOT NULL,
	"min_bet_cents" bigint NOT NULL,
	"required_property_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "games_rtp_check" CHECK ("games"."theoretical_rtp" > 0 and "games"."theoretical_rtp" <= 100)
);
--> statement-breakpoint
ALTER TABLE "game_version_jurisdictions" ADD CONSTRAINT "game_version_jurisdictions_game_version_id_game_versions_id_fk" FOREIGN KEY ("game_version_id") REFERENCES "public"."game_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_version_jurisdictions" ADD CONSTRAINT "game_version_jurisdictions_jurisdiction_id_jurisdictions_id_fk" FOREIGN KEY ("jurisdiction_id") REFERENCES "public"."jurisdictions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_versions" ADD CONSTRAINT "game_versions_game_id_games_game_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("game_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_studio_id_game_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."game_studios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_provider_id_game_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."game_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_providers_name_key" ON "game_providers" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "game_studios_name_key" ON "game_studios" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "game_version_jurisdictions_jurisdiction_idx" ON "game_version_jurisdictions" USING btree ("jurisdiction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "game_versions_number_key" ON "game_versions" USING btree ("game_id","version_number");--> statement-breakpoint
CREATE INDEX "game_versions_updated_at_idx" ON "game_versions" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "game_versions_search_idx" ON "game_versions" USING gin ("version_number" gin_trgm_ops,"game_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "games_name_idx" ON "games" USING btree ("name");--> statement-breakpoint
CREATE INDEX "games_studio_idx" ON "games" USING btree ("studio_id");--> statement-breakpoint
CREATE INDEX "games_provider_idx" ON "games" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "games_updated_at_idx" ON "games" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "games_search_idx" ON "games" USING gin ("game_id" gin_trgm_ops,"name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_entries_actor_idx" ON "audit_entries" USING btree ("actor_id","changed_at");
--> statement-breakpoint
-- The audit trail is append-only: no change or removal of an entry, whatever the client (architecture §3).
CREATE FUNCTION "audit_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit entries cannot be changed or deleted' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_entries_no_change" BEFORE UPDATE OR DELETE ON "audit_entries"
  FOR EACH ROW EXECUTE FUNCTION "audit_entries_append_only"();
--> statement-breakpoint
CREATE TRIGGER "audit_entries_no_truncate" BEFORE TRUNCATE ON "audit_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_entries_append_only"();
