DROP INDEX "audit_log_account_idx";--> statement-breakpoint
DROP INDEX "audit_log_at_idx";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "previous_account_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_role" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "call_name" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "course_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_previous_account_id_accounts_id_fk" FOREIGN KEY ("previous_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_id_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_log_table_at_idx" ON "audit_log" USING btree ("table_name","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_account_at_idx" ON "audit_log" USING btree ("account_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_role_at_idx" ON "audit_log" USING btree ("actor_role","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_course_at_idx" ON "audit_log" USING btree ("course_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_role_change_idx" ON "audit_log" USING btree ("at","id") WHERE "audit_log"."action" = 'role-change';--> statement-breakpoint
CREATE INDEX "audit_log_previous_account_idx" ON "audit_log" USING btree ("previous_account_id") WHERE "audit_log"."previous_account_id" is not null;--> statement-breakpoint
CREATE INDEX "attribute_value_history_changed_idx" ON "attribute_value_history" USING btree ("changed_at","id");