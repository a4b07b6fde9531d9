CREATE TABLE "report_answer_day" (
	"tenant_id" text NOT NULL,
	"paper_time_id" text NOT NULL,
	"question_id" text NOT NULL,
	"day" text NOT NULL,
	"answered" bigint DEFAULT 0 NOT NULL,
	"right_count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_answer_day_paper_time_id_question_id_day_pk" PRIMARY KEY("paper_time_id","question_id","day")
);
--> statement-breakpoint
CREATE INDEX "ix_report_answer_day_tenant" ON "report_answer_day" USING btree ("tenant_id","day");--> statement-breakpoint
-- What SQLite's 0037_report_answer_day adds by hand: the dashboard's exercise figures follow hm_paper_answer in the
-- statement that writes it, whoever writes; an answer counts once `correct` is set, on the day of its last save.
-- Gradings of one exam's sittings add to the same rows in whatever order their answers come: the exam's advisory
-- lock, taken first, makes them queue instead of deadlocking on two of those rows.
CREATE FUNCTION "atrium_report_answer_day"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  exam text;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."correct" IS NOT NULL THEN
    SELECT "paper_time_id" INTO exam FROM "hm_paper_time_user" WHERE "id" = OLD."paper_time_user_id";
    PERFORM pg_advisory_xact_lock(hashtext('report_answer_day:' || exam));
    UPDATE "report_answer_day"
      SET "answered" = "answered" - 1, "right_count" = "right_count" - (OLD."correct" = 1)::int
      WHERE "paper_time_id" = exam AND "question_id" = OLD."question_id" AND "day" = substr(OLD."save_time", 1, 10);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."correct" IS NOT NULL THEN
    SELECT "paper_time_id" INTO exam FROM "hm_paper_time_user" WHERE "id" = NEW."paper_time_user_id";
    IF exam IS NOT NULL THEN
      PERFORM pg_advisory_xact_lock(hashtext('report_answer_day:' || exam));
      INSERT INTO "report_answer_day" ("tenant_id", "paper_time_id", "question_id", "day", "answered", "right_count")
        VALUES (NEW."tenant_id", exam, NEW."question_id", substr(NEW."save_time", 1, 10), 1, (NEW."correct" = 1)::int)
        ON CONFLICT ("paper_time_id", "question_id", "day") DO UPDATE
          SET "answered" = "report_answer_day"."answered" + 1,
              "right_count" = "report_answer_day"."right_count" + EXCLUDED."right_count";
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tr_report_answer_day_insert" AFTER INSERT ON "hm_paper_answer" FOR EACH ROW
  WHEN (NEW."correct" IS NOT NULL) EXECUTE FUNCTION "atrium_report_answer_day"();
--> statement-breakpoint
CREATE TRIGGER "tr_report_answer_day_update" AFTER UPDATE OF "correct", "save_time", "question_id", "paper_time_user_id" ON "hm_paper_answer" FOR EACH ROW
  WHEN (OLD."correct" IS NOT NULL OR NEW."correct" IS NOT NULL) EXECUTE FUNCTION "atrium_report_answer_day"();
--> statement-breakpoint
CREATE TRIGGER "tr_report_answer_day_delete" AFTER DELETE ON "hm_paper_answer" FOR EACH ROW
  WHEN (OLD."correct" IS NOT NULL) EXECUTE FUNCTION "atrium_report_answer_day"();
--> statement-breakpoint
-- The answers graded before this table existed.
INSERT INTO "report_answer_day" ("tenant_id", "paper_time_id", "question_id", "day", "answered", "right_count")
  SELECT a."tenant_id", s."paper_time_id", a."question_id", substr(a."save_time", 1, 10), count(*),
    sum((a."correct" = 1)::int)
  FROM "hm_paper_answer" a JOIN "hm_paper_time_user" s ON s."id" = a."paper_time_user_id"
  WHERE a."correct" IS NOT NULL
  GROUP BY a."tenant_id", s."paper_time_id", a."question_id", substr(a."save_time", 1, 10);
--> statement-breakpoint
-- A covering index for the dashboard's course completion (server/modules/report/statistics.ts), as SQLite's
-- 0037_report_answer_day: on another area's table, so written here; drizzle-kit neither sees nor drops it.
CREATE INDEX "ix_report_course_statistics" ON "hm_course_statistics" ("course_id", "user_id", "progress", "is_deleted");
