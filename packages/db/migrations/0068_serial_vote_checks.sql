-- Serial-voting reversal (issue 39 item 15): when each vote was cast, and which UTC days the
-- nightly check has done. Votes cast before this migration keep no time (NULL) and are never
-- counted; from now on a vote's time is set when it is cast or changed.
ALTER TABLE question_votes ADD COLUMN voted_at timestamptz;
--> statement-breakpoint
ALTER TABLE question_votes ALTER COLUMN voted_at SET DEFAULT now();
--> statement-breakpoint
ALTER TABLE answer_votes ADD COLUMN voted_at timestamptz;
--> statement-breakpoint
ALTER TABLE answer_votes ALTER COLUMN voted_at SET DEFAULT now();
--> statement-breakpoint
CREATE INDEX question_votes_voted_at_idx ON question_votes (voted_at) WHERE voted_at IS NOT NULL;
--> statement-breakpoint
CREATE INDEX answer_votes_voted_at_idx ON answer_votes (voted_at) WHERE voted_at IS NOT NULL;
--> statement-breakpoint
-- One row per UTC day checked: the first process to insert it does the day's check.
CREATE TABLE serial_vote_checks (
  day date PRIMARY KEY,
  checked_at timestamptz NOT NULL DEFAULT now(),
  reversed integer NOT NULL DEFAULT 0
);
