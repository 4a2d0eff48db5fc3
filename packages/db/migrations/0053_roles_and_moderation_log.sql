-- Moderation, first half (issue 41): roles, suspensions and the moderators' log.
-- Every account has a role; moderators and admins wear a diamond. Privileges below a
-- moderator's come from reputation (packages/shared/src/privileges.ts), not from here.
ALTER TABLE users ADD COLUMN role text NOT NULL DEFAULT 'user';
--> statement-breakpoint
ALTER TABLE users ADD CONSTRAINT users_role CHECK (role IN ('user', 'moderator', 'admin'));
--> statement-breakpoint
-- A suspension: until when (in the past or null: none) and why, as the moderator wrote it.
ALTER TABLE users ADD COLUMN suspended_until timestamptz;
--> statement-breakpoint
ALTER TABLE users ADD COLUMN suspension_reason text;
--> statement-breakpoint
-- The moderators' log: append-only (a trigger refuses updates and deletes). Who acted and on
-- what are kept as ids and as the names they had then, so an entry still reads after the
-- account or post it names is gone; no foreign keys, which would rewrite it on a deletion.
CREATE TABLE moderation_log (
  id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  created_at timestamptz NOT NULL DEFAULT now(),
  moderator_id bigint,
  moderator_name text,
  action text NOT NULL,
  target_kind text NOT NULL,
  target_id bigint NOT NULL,
  target_label text NOT NULL DEFAULT '',
  reason text NOT NULL DEFAULT '',
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  CONSTRAINT moderation_log_target_kind CHECK (target_kind IN ('question', 'answer', 'comment', 'user'))
);
--> statement-breakpoint
CREATE INDEX moderation_log_created_idx ON moderation_log (created_at DESC, id DESC);
--> statement-breakpoint
CREATE FUNCTION moderation_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the moderators'' log is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER moderation_log_append_only BEFORE UPDATE OR DELETE ON moderation_log
  FOR EACH ROW EXECUTE FUNCTION moderation_log_append_only();
