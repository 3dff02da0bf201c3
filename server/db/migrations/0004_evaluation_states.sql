ALTER TABLE "evaluations" ADD COLUMN "answer_scores" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "status" text DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "reverted_at" timestamp with time zone;