CREATE TABLE "predicate_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "predicate_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"predicate_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"state" text,
	"outcome" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"note" text,
	"fired_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "predicate_runs_uq" UNIQUE("predicate_id","account_id")
);
--> statement-breakpoint
ALTER TABLE "condition_templates" ADD COLUMN "program_id" integer;--> statement-breakpoint
ALTER TABLE "condition_templates" ADD COLUMN "course_id" integer;--> statement-breakpoint
ALTER TABLE "predicates" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "predicate_runs" ADD CONSTRAINT "predicate_runs_predicate_id_predicates_id_fk" FOREIGN KEY ("predicate_id") REFERENCES "public"."predicates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "predicate_runs" ADD CONSTRAINT "predicate_runs_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "predicate_runs" ADD CONSTRAINT "predicate_runs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "predicate_runs_course_idx" ON "predicate_runs" USING btree ("course_id","account_id");--> statement-breakpoint
ALTER TABLE "condition_templates" ADD CONSTRAINT "condition_templates_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condition_templates" ADD CONSTRAINT "condition_templates_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "predicates" ADD CONSTRAINT "predicates_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "condition_templates_program_idx" ON "condition_templates" USING btree ("program_id");