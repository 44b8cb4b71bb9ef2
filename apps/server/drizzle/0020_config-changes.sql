-- Each instance keeps the answers of configuration reads in memory until the configuration changes
-- (issue 16, decision 041). Every table a kept answer may read announces its change on the channel of
-- session changes (0011), whoever writes it: 'c:' and the table, once per statement. A listener drops
-- every kept answer; the notice tells a request that made the change to settle before it answers (0018).
-- Users, their second factors and the global settings announce themselves already (0011); the users'
-- scopes are here, as sessions resolve them too. A route whose answer reads another table is not kept.
CREATE FUNCTION "announce_config_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bo_session_changes', 'c:' || TG_TABLE_NAME);
  RAISE NOTICE 'bo: session change announced';
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  configuration text;
BEGIN
  FOREACH configuration IN ARRAY ARRAY[
    'allowed_hashes', 'bridges', 'casino_games', 'casino_option_values', 'casino_provider_configs', 'casinos',
    'game_providers', 'game_studios', 'game_version_jurisdictions', 'game_versions', 'games',
    'integration_casinos', 'integration_deliveries', 'integration_games', 'integration_options',
    'integrations', 'jurisdictions', 'user_casino_scopes', 'user_integration_scopes'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "announce_config_change"()',
      configuration || '_announce_config_change', configuration);
  END LOOP;
END
$$;
