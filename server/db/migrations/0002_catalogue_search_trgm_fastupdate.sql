-- the catalogue's trigram index without GIN's pending list (only VACUUM clears it; PGlite has no autovacuum, and the planner prices a long list as a scan)
DROP INDEX "courses_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "courses_search_trgm_idx" ON "courses" USING gin (("label" || ' ' || coalesce("keywords", '')) gin_trgm_ops) WITH (fastupdate=false);
