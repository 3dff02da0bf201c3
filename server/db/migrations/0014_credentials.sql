CREATE TABLE "badge_assertions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "badge_assertions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"account_id" integer NOT NULL,
	"achievement_kind" text,
	"course_id" integer,
	"salt" text NOT NULL,
	"recipient_identity" text NOT NULL,
	"issued_on" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revocation_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "badge_assertions_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "generated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "hours" integer;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "verification_code" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "badge_assertions" ADD CONSTRAINT "badge_assertions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_assertions" ADD CONSTRAINT "badge_assertions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "badge_assertions_account_kind_uq" ON "badge_assertions" USING btree ("account_id","achievement_kind") WHERE "badge_assertions"."achievement_kind" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "badge_assertions_account_course_uq" ON "badge_assertions" USING btree ("account_id","course_id") WHERE "badge_assertions"."course_id" is not null;--> statement-breakpoint
CREATE INDEX "badge_assertions_account_idx" ON "badge_assertions" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_verification_code_unique" UNIQUE("verification_code");