-- A game's type is one the game registry knows (game-engine's GAMES; issue 40): every game row
-- is created by its type's own setup, after zod checked the type against the same list. The
-- list no longer lives here too, so a new game needs no migration.
ALTER TABLE games DROP CONSTRAINT IF EXISTS games_type;
