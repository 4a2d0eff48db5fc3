-- Stack Overflow's loop (issue 17): votes on answers, one accepted answer per question,
-- reputation kept on the user row (always equal to a recount, see queries/reputation.ts),
-- and a revision row per edit holding what the post said before it.
CREATE TABLE "answer_votes" (
  "answer_id" bigint NOT NULL REFERENCES "answers"("id") ON DELETE CASCADE,
  "user_id" bigint NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "value" smallint NOT NULL,
  CONSTRAINT "answer_votes_answer_id_user_id_pk" PRIMARY KEY ("answer_id", "user_id"),
  CONSTRAINT "answer_votes_value" CHECK ("value" IN (-1, 1))
);
--> statement-breakpoint
ALTER TABLE "answers" ADD COLUMN "score" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "answers" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "accepted_answer_id" bigint REFERENCES "answers"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reputation" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "answers_ans_by_idx" ON "answers" USING btree ("ans_by");--> statement-breakpoint
CREATE INDEX "users_reputation_idx" ON "users" USING btree ("reputation" DESC, lower("username"));--> statement-breakpoint
-- Deleting an answer clears the accept that names it; deleting a user finds the posts they voted on.
CREATE INDEX "questions_accepted_answer_idx" ON "questions" USING btree ("accepted_answer_id") WHERE "accepted_answer_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "answer_votes_user_idx" ON "answer_votes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "question_votes_user_idx" ON "question_votes" USING btree ("user_id");--> statement-breakpoint
CREATE TABLE "question_revisions" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "question_id" bigint NOT NULL REFERENCES "questions"("id") ON DELETE CASCADE,
  "edited_by" bigint REFERENCES "users"("id") ON DELETE SET NULL,
  "edited_at" timestamp with time zone DEFAULT now() NOT NULL,
  "title" text NOT NULL,
  "text" text NOT NULL,
  "tags" text[] NOT NULL
);
--> statement-breakpoint
CREATE INDEX "question_revisions_question_idx" ON "question_revisions" USING btree ("question_id", "id");--> statement-breakpoint
CREATE TABLE "answer_revisions" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "answer_id" bigint NOT NULL REFERENCES "answers"("id") ON DELETE CASCADE,
  "edited_by" bigint REFERENCES "users"("id") ON DELETE SET NULL,
  "edited_at" timestamp with time zone DEFAULT now() NOT NULL,
  "text" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "answer_revisions_answer_idx" ON "answer_revisions" USING btree ("answer_id", "id");
