-- Each instance keeps the sessions it resolves in memory (issue 16, decision 030). Whatever can change
-- what a session resolves to announces itself on one channel, whoever writes it: a session changed or
-- ended ('s:' and its id), a user or their second factor changed or removed ('u:' and the user's id), the
-- global settings changed ('*': the roles that must use a second factor). Listeners drop what they hold.
CREATE FUNCTION "announce_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('bo_session_changes', 's:' || OLD.id::text);
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('bo_session_changes', 'u:' || OLD.id::text);
  ELSIF TG_TABLE_NAME = 'user_second_factors' THEN
    PERFORM pg_notify('bo_session_changes', 'u:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END)::text);
  ELSE
    PERFORM pg_notify('bo_session_changes', '*');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_announce_change" AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "announce_session_change"();
--> statement-breakpoint
CREATE TRIGGER "users_announce_change" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "announce_session_change"();
--> statement-breakpoint
CREATE TRIGGER "user_second_factors_announce_change" AFTER INSERT OR UPDATE OR DELETE ON "user_second_factors"
  FOR EACH ROW EXECUTE FUNCTION "announce_session_change"();
--> statement-breakpoint
CREATE TRIGGER "global_settings_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "global_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_session_change"();
