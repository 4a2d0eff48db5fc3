-- Every full-text read of a question's words now reads `question_search` (docs/decisions/0066):
-- the ranked RUM read since 0024, an ordered search's words (newest, active, unanswered, most
-- viewed) since 0066. RUM's index of `questions` (0011) was read by nothing more, yet written by
-- every question insert and every edit of its title, text or ask time (100 MB at 100k questions,
-- ~1 GB at 1M). Where RUM is not installed it never existed: the GIN index of `questions` stays
-- there, for the GIN read.
DROP INDEX IF EXISTS questions_search_rum_idx;
