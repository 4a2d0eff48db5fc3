-- Suggested edits (issue 41): an edit of someone else's post by a user below the "edit without
-- review" privilege is kept here until a moderator or a privileged user approves it (applied as
-- a revision credited to its suggester, who gains reputation: the recount counts approved rows)
-- or rejects it with a reason. One pending suggestion per post, as on Stack Overflow.
CREATE TABLE suggested_edits (
  id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  question_id bigint REFERENCES questions (id) ON DELETE CASCADE,
  answer_id bigint REFERENCES answers (id) ON DELETE CASCADE,
  suggested_by bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title text,
  text text NOT NULL,
  html text,
  tags text[],
  summary text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  reviewed_at timestamptz,
  reviewed_by bigint REFERENCES users (id) ON DELETE SET NULL,
  outcome text,
  reason text,
  CONSTRAINT suggested_edits_one_post CHECK (num_nonnulls(question_id, answer_id) = 1),
  CONSTRAINT suggested_edits_question_fields CHECK ((question_id IS NULL) = (title IS NULL AND tags IS NULL)),
  CONSTRAINT suggested_edits_outcome CHECK ((outcome IS NULL) = (reviewed_at IS NULL) AND outcome IN ('approved', 'rejected'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX suggested_edits_question_pending_key ON suggested_edits (question_id) WHERE reviewed_at IS NULL AND question_id IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX suggested_edits_answer_pending_key ON suggested_edits (answer_id) WHERE reviewed_at IS NULL AND answer_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX suggested_edits_pending_idx ON suggested_edits (created_at, id) WHERE reviewed_at IS NULL;
--> statement-breakpoint
CREATE INDEX suggested_edits_approved_idx ON suggested_edits (suggested_by) WHERE outcome = 'approved';
