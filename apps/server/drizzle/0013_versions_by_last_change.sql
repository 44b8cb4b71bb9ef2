DROP INDEX "game_versions_updated_at_idx";--> statement-breakpoint
CREATE INDEX "game_versions_updated_at_idx" ON "game_versions" USING btree ("updated_at","id");