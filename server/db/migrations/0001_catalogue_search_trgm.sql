-- trigram index for the catalogue search (ILIKE '%term%' on label and keywords); pg_trgm is a trusted extension
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "courses_search_trgm_idx" ON "courses" USING gin (("label" || ' ' || coalesce("keywords", '')) gin_trgm_ops);
