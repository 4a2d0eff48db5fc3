-- The inbox (docs/decisions/0022-inbox.md): one row per thing a user should learn about, written
-- in the same transaction as the answer, comment, accept or message that causes it. A direct
-- chat keeps at most one unread row per recipient (later messages refresh it), enforced by a
-- partial unique index so concurrent messages cannot make two.
CREATE TABLE "notifications" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "user_id" bigint NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "actor_id" bigint REFERENCES "users"("id") ON DELETE SET NULL,
  "question_id" bigint REFERENCES "questions"("id") ON DELETE CASCADE,
  "answer_id" bigint REFERENCES "answers"("id") ON DELETE CASCADE,
  "comment_id" bigint REFERENCES "comments"("id") ON DELETE CASCADE,
  "chat_id" bigint REFERENCES "chats"("id") ON DELETE CASCADE,
  "excerpt" text DEFAULT '' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "read_at" timestamp with time zone,
  CONSTRAINT "notifications_kind" CHECK ("kind" IN ('answer', 'comment', 'accepted', 'mention', 'message')),
  CONSTRAINT "notifications_target" CHECK (CASE WHEN "kind" = 'message' THEN "chat_id" IS NOT NULL ELSE "question_id" IS NOT NULL END)
);
--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" ("user_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" ("user_id") WHERE "read_at" IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_unread_chat_key" ON "notifications" ("user_id", "chat_id") WHERE "kind" = 'message' AND "read_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "notifications_actor_idx" ON "notifications" ("actor_id") WHERE "actor_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "notifications_question_idx" ON "notifications" ("question_id") WHERE "question_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "notifications_answer_idx" ON "notifications" ("answer_id") WHERE "answer_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "notifications_comment_idx" ON "notifications" ("comment_id") WHERE "comment_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "notifications_chat_idx" ON "notifications" ("chat_id") WHERE "chat_id" IS NOT NULL;
