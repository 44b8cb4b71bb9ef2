-- Each announcement of a session change (0011) also tells the connection that made it, with a notice: a
-- request whose statements announced nothing need not wait for every instance to hear it (decision 038).
-- The notice says only that something was announced; what, the listeners hear on the channel.
CREATE OR REPLACE FUNCTION "announce_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  RAISE NOTICE 'bo: session change announced';
  RETURN NULL;
END
$$;
