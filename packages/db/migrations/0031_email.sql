-- Email (issue 43, docs/decisions/0083-email.md).
-- An address belongs to one account: users.email (a confirmed address: from an external
-- sign-in, the demo seed, or a confirmation link) becomes unique case-insensitively; of two
-- accounts holding one address (two external sign-ins racing), the older keeps it.
UPDATE users u SET email = NULL
  WHERE u.email IS NOT NULL AND EXISTS (SELECT 1 FROM users o WHERE lower(o.email) = lower(u.email) AND o.id < u.id);
--> statement-breakpoint
DROP INDEX IF EXISTS users_email_lower_idx;
--> statement-breakpoint
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));
--> statement-breakpoint
-- When the user last had the site open (a connected page, refreshed every minute): a
-- notification older than that has been shown to them, and is not mailed.
ALTER TABLE users ADD COLUMN last_seen_at timestamptz;
--> statement-breakpoint
-- Single-use links: password resets and address confirmations. Only a hash of the link's token
-- is kept; the mail's sender re-derives the token from `salt` and a key the database never holds.
CREATE TABLE account_tokens (
  id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL,
  email text,
  salt text NOT NULL,
  token_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  CONSTRAINT account_tokens_purpose CHECK (purpose IN ('reset', 'confirm')),
  CONSTRAINT account_tokens_email CHECK ((purpose = 'confirm') = (email IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX account_tokens_hash_key ON account_tokens (token_hash);
--> statement-breakpoint
CREATE INDEX account_tokens_user_idx ON account_tokens (user_id, purpose);
--> statement-breakpoint
CREATE INDEX account_tokens_expires_idx ON account_tokens (expires_at);
--> statement-breakpoint
-- The queue: one row per mail, written in the transaction of what causes it. A worker claims due
-- rows (FOR UPDATE SKIP LOCKED, so one sender has each) by moving their `send_after` a lease
-- ahead, sends, and marks them; a row whose sender died is due again when its lease ends.
CREATE TABLE mail_queue (
  id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  kind text NOT NULL,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_id bigint REFERENCES account_tokens (id) ON DELETE CASCADE,
  notification_id bigint REFERENCES notifications (id) ON DELETE CASCADE,
  question_id bigint REFERENCES questions (id) ON DELETE CASCADE,
  data jsonb NOT NULL DEFAULT '{}',
  send_after timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  state text NOT NULL DEFAULT 'queued',
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  done_at timestamptz,
  CONSTRAINT mail_queue_kind CHECK (kind IN ('passwordReset', 'confirmEmail', 'notification', 'watchedQuestion', 'digest')),
  CONSTRAINT mail_queue_state CHECK (state IN ('queued', 'sent', 'skipped', 'failed'))
);
--> statement-breakpoint
CREATE INDEX mail_queue_due_idx ON mail_queue (send_after, id) WHERE state = 'queued';
--> statement-breakpoint
CREATE INDEX mail_queue_done_idx ON mail_queue (done_at) WHERE state <> 'queued';
--> statement-breakpoint
CREATE INDEX mail_queue_user_idx ON mail_queue (user_id);
--> statement-breakpoint
CREATE INDEX mail_queue_token_idx ON mail_queue (token_id) WHERE token_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX mail_queue_notification_idx ON mail_queue (notification_id) WHERE notification_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX mail_queue_question_idx ON mail_queue (question_id) WHERE question_id IS NOT NULL;
--> statement-breakpoint
-- Development without SMTP_URL: what would have been sent, for the /dev/outbox page.
CREATE TABLE mail_outbox (
  id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text text NOT NULL,
  html text NOT NULL,
  headers jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE question_follows (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  question_id bigint NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, question_id)
);
--> statement-breakpoint
CREATE INDEX question_follows_question_idx ON question_follows (question_id);
--> statement-breakpoint
-- Watched tags: what a user wants to hear of by mail (and, later, to see marked on lists).
CREATE TABLE watched_tags (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  tag_id bigint NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, tag_id)
);
--> statement-breakpoint
CREATE INDEX watched_tags_tag_idx ON watched_tags (tag_id);
--> statement-breakpoint
-- A user's choice for one kind of mail; no row is the default (packages/shared/src/mail.ts).
CREATE TABLE mail_settings (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  cadence text NOT NULL,
  PRIMARY KEY (user_id, kind),
  CONSTRAINT mail_settings_kind CHECK (kind IN ('answers', 'mentions', 'accepted', 'messages', 'watchedTags')),
  CONSTRAINT mail_settings_cadence CHECK (cadence IN ('immediately', 'daily', 'weekly', 'never'))
);
--> statement-breakpoint
-- When each user's last daily and weekly digest was queued (none yet: counted from joining).
CREATE TABLE mail_digests (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  cadence text NOT NULL,
  last_queued_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, cadence),
  CONSTRAINT mail_digests_cadence CHECK (cadence IN ('daily', 'weekly'))
);
