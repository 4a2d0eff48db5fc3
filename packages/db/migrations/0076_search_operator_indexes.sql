-- Search operators (issue 42): a rare score, answer count or closed state is read from its own
-- index instead of walking a list's order index past every question that fails the test.
-- `user:` uses questions_asked_by_idx and `isaccepted:yes` questions_accepted_answer_idx.
CREATE INDEX IF NOT EXISTS questions_score_idx ON questions (score DESC, ask_date_time DESC, id DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS questions_answer_count_idx ON questions (answer_count DESC, ask_date_time DESC, id DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS questions_closed_idx ON questions (ask_date_time DESC, id DESC) WHERE closed_at IS NOT NULL;
