-- The time tiers of a ranked search's full-text read (docs/decisions/0074): `question_search` cut by
-- ask time into tiers that double in size going back from the newest, each with its own partial GIN
-- index over the tags and the search document, so that a search reads its newest matches tier by
-- tier, newest first, and stops at the first tiers that hold enough: its cost follows the matches it
-- keeps, not every match on the site. A row per tier, its bounds [lo, hi) (null: open), newest
-- first; the indexes are built and replaced by `rebuildSearchTiers`
-- (packages/db/src/queries/search-tiers.ts) once the site is large enough, and again when the newest
-- tier has grown past its size. No row: no tiers.
CREATE TABLE IF NOT EXISTS search_tiers (
  tier integer PRIMARY KEY,
  lo timestamptz,
  hi timestamptz,
  index_name text NOT NULL UNIQUE
);
