-- A ranked search's RUM read ranks the matches it keeps from `question_search` (docs/decisions/0063):
-- read from `questions_search_rum_idx`, each kept row's tsvector came out of `questions`' TOAST
-- (~1.8 buffers a row at 100k), half of the read's buffers. The same index over
-- `question_search` (the tsvector stored in the row, migration 0021) hands out the same matches
-- newest first and ranks each from its one heap page. Made where migration 0011 made RUM's index
-- of `questions` (the server had the extension then), so both are read alike; elsewhere the GIN
-- indexes stay. `questions_search_rum_idx` stays: an ordered search's words (`order` newest,
-- active, unanswered) are still tested on `questions`.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_indexes WHERE schemaname = current_schema() AND indexname = 'questions_search_rum_idx') THEN
    CREATE INDEX IF NOT EXISTS question_search_rum_idx ON question_search
      USING rum (search rum_tsvector_addon_ops, ask_date_time) WITH (attach = 'ask_date_time', to = 'search');
  END IF;
END $$;
