-- Removing a spammer (issue 41, POST /user/deleteSpammer): the account is closed at once (it can
-- no longer sign in: `removed_at`), and its votes, comments, answers, questions and chat messages
-- are removed in the background, a batch per transaction, with the job's progress kept here so a
-- restarted server goes on where the last one stopped (a lease names the process at work).
ALTER TABLE users ADD COLUMN removed_at timestamptz;
--> statement-breakpoint
CREATE TABLE spammer_removals (
  id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  moderator_id bigint REFERENCES users (id) ON DELETE SET NULL,
  total integer NOT NULL,
  removed integer NOT NULL DEFAULT 0,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  lease_until timestamptz
);
--> statement-breakpoint
CREATE UNIQUE INDEX spammer_removals_user_key ON spammer_removals (user_id);
--> statement-breakpoint
CREATE INDEX spammer_removals_unfinished_idx ON spammer_removals (id) WHERE finished_at IS NULL;
--> statement-breakpoint
-- The removal finds the account's comments and messages by their author.
CREATE INDEX IF NOT EXISTS comments_comment_by_idx ON comments (comment_by);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS messages_msg_from_idx ON messages (msg_from);
