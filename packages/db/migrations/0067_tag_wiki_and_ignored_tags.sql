-- Tag wikis and ignored tags (issue 42, docs/decisions/0091-tag-wikis-and-tag-marks.md).
-- A tag's wiki: `description` stays its excerpt (SPEC §3); `wiki` is the Markdown body and
-- `wiki_html` its rendering, stored like a post's; who last edited it and when.
ALTER TABLE tags ADD COLUMN wiki text NOT NULL DEFAULT '';
--> statement-breakpoint
ALTER TABLE tags ADD COLUMN wiki_html text NOT NULL DEFAULT '';
--> statement-breakpoint
ALTER TABLE tags ADD COLUMN wiki_edited_by bigint REFERENCES users (id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE tags ADD COLUMN wiki_edited_at timestamptz;
--> statement-breakpoint
-- The tags a user ignores: their questions are dimmed on lists (watched ones are highlighted).
CREATE TABLE ignored_tags (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  tag_id bigint NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, tag_id)
);
