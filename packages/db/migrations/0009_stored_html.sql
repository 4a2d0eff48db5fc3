-- Post bodies keep their rendered, sanitised HTML beside the Markdown source, written with the
-- post, so a question page no longer renders Markdown on every view. NULL means not rendered
-- yet (rows from before this migration): readers render those on the fly, `npm run render` fills them.
ALTER TABLE "answers" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "html" text;