-- The list indexes were built DESC NULLS LAST, which a plain ORDER BY … DESC (NULLS FIRST) cannot
-- use: PostgreSQL sorted the whole table for every page. The columns are NOT NULL, so the
-- indexes now follow the queries' own order (and end in id, the tie-breaker of each order).
DROP INDEX "questions_ask_idx";--> statement-breakpoint
DROP INDEX "questions_activity_idx";--> statement-breakpoint
DROP INDEX "questions_views_idx";--> statement-breakpoint
DROP INDEX "questions_unanswered_idx";--> statement-breakpoint
DROP INDEX "games_status_idx";--> statement-breakpoint
CREATE INDEX "questions_ask_idx" ON "questions" USING btree ("ask_date_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "questions_activity_idx" ON "questions" USING btree ("last_activity" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "questions_views_idx" ON "questions" USING btree ("view_count" DESC NULLS FIRST,"ask_date_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "questions_unanswered_idx" ON "questions" USING btree ("ask_date_time" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE answer_count = 0;--> statement-breakpoint
CREATE INDEX "games_status_idx" ON "games" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);