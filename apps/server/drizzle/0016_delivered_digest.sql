-- The digest of what the bridge last confirmed (issue 18). Not filled from earlier pushes: their digests were
-- taken over another text of the document, so an integration reads "changes not delivered" until its next push.
ALTER TABLE "integrations" ADD COLUMN "delivered_digest" text;--> statement-breakpoint
CREATE INDEX "game_versions_inactive_idx" ON "game_versions" USING btree ("game_id","version_number") WHERE not "game_versions"."active";