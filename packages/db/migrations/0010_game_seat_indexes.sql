-- Deleting an account forfeits its running games and takes its name out of all its games
-- (issue 14, item 8); these indexes find a user's games by seat without reading every game.
CREATE INDEX "games_player1_idx" ON "games" USING btree ((("state"->>'player1')));--> statement-breakpoint
CREATE INDEX "games_player2_idx" ON "games" USING btree ((("state"->>'player2')));
