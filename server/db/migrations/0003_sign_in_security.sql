CREATE TABLE "login_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity_users" ADD COLUMN "email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "provider_session" text;--> statement-breakpoint
-- identity users so far were only the seeded demo users, whose addresses count as confirmed
UPDATE "identity_users" SET "email_verified" = true;
