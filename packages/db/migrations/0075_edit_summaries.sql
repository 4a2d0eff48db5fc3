-- An edit's summary (issue 42): what its author said the edit does, optional, up to 300
-- characters; kept on the revision row the edit wrote ('' when none was given).
ALTER TABLE question_revisions ADD COLUMN summary text NOT NULL DEFAULT '' CHECK (length(summary) <= 300);
--> statement-breakpoint
ALTER TABLE answer_revisions ADD COLUMN summary text NOT NULL DEFAULT '' CHECK (length(summary) <= 300);
