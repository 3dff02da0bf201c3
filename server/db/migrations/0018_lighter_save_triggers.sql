-- An exam's save is one upsert of answers that also moves the attempt's current slide: before, every
-- such statement ran three statement triggers, each building transition tables and running its
-- queries even when it had no row to count. Now an answers trigger with no row returns at once (an
-- upsert fires both the insert and the update trigger, one of them empty), and the attempts' is a
-- row trigger on the two columns that matter, so a save's move of current_slide_id never fires it.
CREATE OR REPLACE FUNCTION "elp_answers_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT FROM "new_rows") THEN RETURN NULL; END IF;
  PERFORM "elp_study_days_add"(coalesce((SELECT jsonb_agg(jsonb_build_object('c', t."course_id", 'a', t."account_id", 'd', (n."saved_at" AT TIME ZONE 'UTC')::date, 'n', 1))
    FROM "new_rows" n JOIN "attempts" t ON t."id" = n."attempt_id"), '[]'));
  PERFORM "elp_answer_stats_dirty"(coalesce((SELECT jsonb_agg(DISTINCT jsonb_build_object('c', t."course_id", 'e', t."exercise_id"))
    FROM "new_rows" n JOIN "attempts" t ON t."id" = n."attempt_id"), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "elp_answers_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT FROM "new_rows") THEN RETURN NULL; END IF;
  -- a save again (the time moves) is activity; a score set by a check or an evaluation is not
  PERFORM "elp_study_days_add"(coalesce((SELECT jsonb_agg(jsonb_build_object('c', t."course_id", 'a', t."account_id", 'd', (n."saved_at" AT TIME ZONE 'UTC')::date, 'n', 1))
    FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id" JOIN "attempts" t ON t."id" = n."attempt_id" WHERE n."saved_at" IS DISTINCT FROM o."saved_at"), '[]'));
  PERFORM "elp_answer_stats_dirty"(coalesce((SELECT jsonb_agg(DISTINCT jsonb_build_object('c', t."course_id", 'e', t."exercise_id"))
    FROM "new_rows" n JOIN "attempts" t ON t."id" = n."attempt_id"), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "attempts_updated" ON "attempts";
--> statement-breakpoint
DROP FUNCTION "elp_attempts_updated"();
--> statement-breakpoint
-- the player moves current_slide_id on every slide: only a status or attempt number change counts
CREATE FUNCTION "elp_attempt_standing_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "answer_stats_marks" SET "dirty" = true WHERE NOT "dirty" AND "course_id" = NEW."course_id" AND "exercise_id" = NEW."exercise_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "attempts_standing_changed" AFTER UPDATE OF "status", "attempt_no" ON "attempts" FOR EACH ROW
  WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."attempt_no" IS DISTINCT FROM NEW."attempt_no")
  EXECUTE FUNCTION "elp_attempt_standing_changed"();
