-- Comment upvotes (issue 42, docs/decisions/0098): one row per user who upvoted a comment (no
-- downvotes, so no value). A comment's score is counted from these rows when it is read, never
-- stored beside them, so deleting a comment, its post or an account (their rows go by cascade),
-- removing a spammer or undeleting a post (the rows come back) keeps every count right.
CREATE TABLE comment_votes (
  comment_id bigint NOT NULL REFERENCES comments (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  voted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (comment_id, user_id)
);
--> statement-breakpoint
CREATE INDEX comment_votes_user_idx ON comment_votes (user_id);
