CREATE TABLE "answer_stats" (
	"course_id" integer NOT NULL,
	"exercise_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"attempts" integer NOT NULL,
	"questions" jsonb NOT NULL,
	CONSTRAINT "answer_stats_course_id_exercise_id_group_id_pk" PRIMARY KEY("course_id","exercise_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "answer_stats_marks" (
	"course_id" integer NOT NULL,
	"exercise_id" integer NOT NULL,
	"dirty" boolean DEFAULT true NOT NULL,
	"generation" integer DEFAULT 0 NOT NULL,
	"stored" integer DEFAULT 0 NOT NULL,
	"computed_at" timestamp with time zone,
	CONSTRAINT "answer_stats_marks_course_id_exercise_id_pk" PRIMARY KEY("course_id","exercise_id")
);
--> statement-breakpoint
CREATE TABLE "study_days" (
	"course_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"attendance" integer DEFAULT 0 NOT NULL,
	"watch_seconds" double precision DEFAULT 0 NOT NULL,
	"answers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "study_days_course_id_day_account_id_pk" PRIMARY KEY("course_id","day","account_id")
);
--> statement-breakpoint
ALTER TABLE "answer_stats" ADD CONSTRAINT "answer_stats_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_stats" ADD CONSTRAINT "answer_stats_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_stats_marks" ADD CONSTRAINT "answer_stats_marks_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_stats_marks" ADD CONSTRAINT "answer_stats_marks_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_days" ADD CONSTRAINT "study_days_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_days" ADD CONSTRAINT "study_days_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Hand-written below (drizzle-kit does not model triggers): study_days and answer_stats_marks are
-- kept by statement triggers with transition tables, one aggregated write per statement (a bulk
-- load stays one write; a student's save is one small upsert). See server/db/schema/analytics.ts.
CREATE FUNCTION "elp_study_days_add"("rows" jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "study_days" AS d ("course_id", "account_id", "day", "visits", "attendance", "watch_seconds", "answers")
    SELECT (r->>'c')::int, (r->>'a')::int, (r->>'d')::date, sum(coalesce((r->>'v')::int, 0)), sum(coalesce((r->>'t')::int, 0)),
           sum(coalesce((r->>'w')::float8, 0)), sum(coalesce((r->>'n')::int, 0))
      FROM jsonb_array_elements("rows") r
      WHERE EXISTS (SELECT 1 FROM "courses" c WHERE c."id" = (r->>'c')::int) AND EXISTS (SELECT 1 FROM "accounts" x WHERE x."id" = (r->>'a')::int)
      GROUP BY 1, 2, 3
  ON CONFLICT ("course_id", "day", "account_id") DO UPDATE SET
    "visits" = d."visits" + excluded."visits", "attendance" = d."attendance" + excluded."attendance",
    "watch_seconds" = d."watch_seconds" + excluded."watch_seconds", "answers" = d."answers" + excluded."answers"
$$;
--> statement-breakpoint
CREATE FUNCTION "elp_answer_stats_dirty"("pairs" jsonb) RETURNS void LANGUAGE sql AS $$
  UPDATE "answer_stats_marks" m SET "dirty" = true
    FROM (SELECT DISTINCT (p->>'c')::int AS "course_id", (p->>'e')::int AS "exercise_id" FROM jsonb_array_elements("pairs") p) x
   WHERE m."course_id" = x."course_id" AND m."exercise_id" = x."exercise_id" AND NOT m."dirty"
$$;
--> statement-breakpoint
CREATE FUNCTION "elp_answers_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "elp_study_days_add"(coalesce((SELECT jsonb_agg(jsonb_build_object('c', t."course_id", 'a', t."account_id", 'd', (n."saved_at" AT TIME ZONE 'UTC')::date, 'n', 1))
    FROM "new_rows" n JOIN "attempts" t ON t."id" = n."attempt_id"), '[]'));
  PERFORM "elp_answer_stats_dirty"(coalesce((SELECT jsonb_agg(DISTINCT jsonb_build_object('c', t."course_id", 'e', t."exercise_id"))
    FROM "new_rows" n JOIN "attempts" t ON t."id" = n."attempt_id"), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "elp_answers_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- a save again (the time moves) is activity; a score set by a check or an evaluation is not
  PERFORM "elp_study_days_add"(coalesce((SELECT jsonb_agg(jsonb_build_object('c', t."course_id", 'a', t."account_id", 'd', (n."saved_at" AT TIME ZONE 'UTC')::date, 'n', 1))
    FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id" JOIN "attempts" t ON t."id" = n."attempt_id" WHERE n."saved_at" IS DISTINCT FROM o."saved_at"), '[]'));
  PERFORM "elp_answer_stats_dirty"(coalesce((SELECT jsonb_agg(DISTINCT jsonb_build_object('c', t."course_id", 'e', t."exercise_id"))
    FROM "new_rows" n JOIN "attempts" t ON t."id" = n."attempt_id"), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "elp_answers_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "elp_answer_stats_dirty"(coalesce((SELECT jsonb_agg(DISTINCT jsonb_build_object('c', t."course_id", 'e', t."exercise_id"))
    FROM "old_rows" o JOIN "attempts" t ON t."id" = o."attempt_id"), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "answers_inserted" AFTER INSERT ON "answers" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "elp_answers_inserted"();
--> statement-breakpoint
CREATE TRIGGER "answers_updated" AFTER UPDATE ON "answers" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "elp_answers_updated"();
--> statement-breakpoint
CREATE TRIGGER "answers_deleted" AFTER DELETE ON "answers" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "elp_answers_deleted"();
--> statement-breakpoint
-- a new attempt (a retake) or a changed status moves which attempt is the standing one
CREATE FUNCTION "elp_attempts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "elp_answer_stats_dirty"(coalesce((SELECT jsonb_agg(DISTINCT jsonb_build_object('c', n."course_id", 'e', n."exercise_id")) FROM "new_rows" n), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- the player moves current_slide_id on every slide: only a status change counts
CREATE FUNCTION "elp_attempts_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "elp_answer_stats_dirty"(coalesce((SELECT jsonb_agg(DISTINCT jsonb_build_object('c', n."course_id", 'e', n."exercise_id"))
    FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id" WHERE n."status" IS DISTINCT FROM o."status" OR n."attempt_no" IS DISTINCT FROM o."attempt_no"), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "attempts_inserted" AFTER INSERT ON "attempts" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "elp_attempts_inserted"();
--> statement-breakpoint
CREATE TRIGGER "attempts_updated" AFTER UPDATE ON "attempts" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "elp_attempts_updated"();
--> statement-breakpoint
-- a student joining, leaving or changing group changes every exercise's sums of the course
CREATE FUNCTION "elp_enrolments_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "answer_stats_marks" SET "dirty" = true WHERE NOT "dirty" AND "course_id" IN (SELECT "course_id" FROM "changed_rows");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "enrolments_inserted" AFTER INSERT ON "enrolments" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "elp_enrolments_changed"();
--> statement-breakpoint
CREATE TRIGGER "enrolments_updated" AFTER UPDATE ON "enrolments" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "elp_enrolments_changed"();
--> statement-breakpoint
CREATE TRIGGER "enrolments_deleted" AFTER DELETE ON "enrolments" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "elp_enrolments_changed"();
--> statement-breakpoint
-- a slide's points, label or order changed: its exercise's sums, in every course of the program
CREATE FUNCTION "elp_slides_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "answer_stats_marks" SET "dirty" = true WHERE NOT "dirty" AND "exercise_id" IN (SELECT "exercise_id" FROM "changed_rows");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "slides_updated" AFTER UPDATE ON "slides" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "elp_slides_changed"();
--> statement-breakpoint
CREATE TRIGGER "slides_deleted" AFTER DELETE ON "slides" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "elp_slides_changed"();
--> statement-breakpoint
CREATE FUNCTION "elp_watch_segments_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "elp_study_days_add"(coalesce((SELECT jsonb_agg(jsonb_build_object('c', n."course_id", 'a', n."account_id", 'd', (n."created_at" AT TIME ZONE 'UTC')::date, 'w', greatest(n."end_second" - n."start_second", 0)))
    FROM "new_rows" n), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "watch_segments_inserted" AFTER INSERT ON "watch_segments" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "elp_watch_segments_inserted"();
--> statement-breakpoint
-- attendance marks come and go (a mark removed is not attendance)
CREATE FUNCTION "elp_visits_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "elp_study_days_add"(coalesce((SELECT jsonb_agg(jsonb_build_object('c', n."course_id", 'a', n."student_id", 'd', (n."marked_at" AT TIME ZONE 'UTC')::date, 't', 1)) FROM "new_rows" n), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "elp_visits_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "elp_study_days_add"(coalesce((SELECT jsonb_agg(jsonb_build_object('c', o."course_id", 'a', o."student_id", 'd', (o."marked_at" AT TIME ZONE 'UTC')::date, 't', -1)) FROM "old_rows" o), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "visits_inserted" AFTER INSERT ON "visits" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "elp_visits_inserted"();
--> statement-breakpoint
CREATE TRIGGER "visits_deleted" AFTER DELETE ON "visits" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "elp_visits_deleted"();
--> statement-breakpoint
-- a page of a course (/course/{id}, /course/{id}/…, /course/{id}?…) visited
CREATE FUNCTION "elp_page_visits_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "elp_study_days_add"(coalesce((SELECT jsonb_agg(jsonb_build_object('c', x."course_id", 'a', x."account_id", 'd', (x."visited_at" AT TIME ZONE 'UTC')::date, 'v', 1))
    FROM (SELECT n."account_id", n."visited_at", substring(n."url" from '/course/([0-9]{1,9})(?:/|\?|$)')::int AS "course_id" FROM "new_rows" n) x
    WHERE x."course_id" IS NOT NULL), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "page_visits_inserted" AFTER INSERT ON "page_visits" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "elp_page_visits_inserted"();
--> statement-breakpoint
-- what was recorded before this migration
INSERT INTO "study_days" ("course_id", "account_id", "day", "visits", "attendance", "watch_seconds", "answers")
  SELECT x."course_id", x."account_id", x."day", sum(x."v"), sum(x."t"), sum(x."w"), sum(x."n") FROM (
    SELECT t."course_id", t."account_id", (a."saved_at" AT TIME ZONE 'UTC')::date AS "day", 0 AS "v", 0 AS "t", 0::float8 AS "w", 1 AS "n"
      FROM "answers" a JOIN "attempts" t ON t."id" = a."attempt_id"
    UNION ALL
    SELECT w."course_id", w."account_id", (w."created_at" AT TIME ZONE 'UTC')::date, 0, 0, greatest(w."end_second" - w."start_second", 0), 0 FROM "watch_segments" w
    UNION ALL
    SELECT v."course_id", v."student_id", (v."marked_at" AT TIME ZONE 'UTC')::date, 0, 1, 0, 0 FROM "visits" v
    UNION ALL
    SELECT p."course_id", p."account_id", (p."visited_at" AT TIME ZONE 'UTC')::date, 1, 0, 0, 0
      FROM (SELECT pv."account_id", pv."visited_at", substring(pv."url" from '/course/([0-9]{1,9})(?:/|\?|$)')::int AS "course_id" FROM "page_visits" pv) p
      WHERE p."course_id" IN (SELECT "id" FROM "courses")
  ) x GROUP BY 1, 2, 3;
