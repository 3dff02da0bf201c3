ALTER TABLE "answers" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "answers" ADD COLUMN "received_at" timestamp with time zone;