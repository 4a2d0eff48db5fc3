-- Closing, duplicates and locking (issue 41). A closed question keeps why, its duplicate
-- target, who closed it (the moderator, or the voters) and when; a locked one when and by whom.
ALTER TABLE questions ADD COLUMN closed_at timestamptz;
--> statement-breakpoint
ALTER TABLE questions ADD COLUMN closed_reason text;
--> statement-breakpoint
ALTER TABLE questions ADD COLUMN closed_duplicate_of bigint REFERENCES questions (id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE questions ADD COLUMN closed_by text[] NOT NULL DEFAULT '{}';
--> statement-breakpoint
ALTER TABLE questions ADD COLUMN locked_at timestamptz;
--> statement-breakpoint
ALTER TABLE questions ADD CONSTRAINT questions_closed_reason
  CHECK (closed_reason IN ('duplicate', 'offTopic', 'needsDetails', 'opinionBased') AND closed_at IS NOT NULL OR closed_reason IS NULL AND closed_at IS NULL);
--> statement-breakpoint
-- Pending votes to close (on an open question) or reopen (on a closed one); the votes of a kind
-- go when they take effect, so a question's pending count is its rows of the kind its state asks.
CREATE TABLE close_votes (
  question_id bigint NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  reason text,
  duplicate_of bigint REFERENCES questions (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (question_id, kind, user_id),
  CONSTRAINT close_votes_kind CHECK (kind IN ('close', 'reopen'))
);
--> statement-breakpoint
CREATE INDEX close_votes_user_idx ON close_votes (user_id);
--> statement-breakpoint
-- What a moderator did to one's post or account: closed, reopened, locked, deleted, suspended.
ALTER TABLE notifications DROP CONSTRAINT notifications_kind;
--> statement-breakpoint
ALTER TABLE notifications ADD CONSTRAINT notifications_kind
  CHECK (kind IN ('answer', 'comment', 'accepted', 'mention', 'message', 'moderation'));
