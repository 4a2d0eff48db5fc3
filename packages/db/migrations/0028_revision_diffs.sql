-- Each revision keeps the word diff from its version to the next one, computed once, the first
-- time its revisions page is read (issue 39: a view recomputed every diff). NULL: not yet.
ALTER TABLE question_revisions ADD COLUMN IF NOT EXISTS diff jsonb;
--> statement-breakpoint
ALTER TABLE answer_revisions ADD COLUMN IF NOT EXISTS diff jsonb;
