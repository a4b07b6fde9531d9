CREATE TABLE "report_learner_day" (
	"tenant_id" text NOT NULL,
	"subject_id" text NOT NULL,
	"day" text NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "report_learner_day_subject_id_day_user_id_pk" PRIMARY KEY("subject_id","day","user_id")
);
--> statement-breakpoint
-- What SQLite's 0039_report_learner_day adds by hand: the dashboard's activity follows progress saves and exam
-- sittings in the statement that writes them, whoever writes; one row per course or exam, learner and day. Each
-- row is one learner's, so two learners' saves never wait for each other here.
CREATE FUNCTION "atrium_report_learner_studied"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "report_learner_day" ("tenant_id", "subject_id", "day", "user_id")
    VALUES (NEW."tenant_id", NEW."course_id", substr(NEW."update_time", 1, 10), NEW."user_id")
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "atrium_report_learner_sat"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "report_learner_day" ("tenant_id", "subject_id", "day", "user_id")
    VALUES (NEW."tenant_id", NEW."paper_time_id", substr(NEW."start_time", 1, 10), NEW."user_id")
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tr_report_learner_day_study" AFTER INSERT OR UPDATE OF "update_time" ON "hm_course_statistics" FOR EACH ROW
  WHEN (NEW."update_time" IS NOT NULL) EXECUTE FUNCTION "atrium_report_learner_studied"();
--> statement-breakpoint
CREATE TRIGGER "tr_report_learner_day_sitting" AFTER INSERT OR UPDATE OF "start_time" ON "hm_paper_time_user" FOR EACH ROW
  EXECUTE FUNCTION "atrium_report_learner_sat"();
--> statement-breakpoint
-- The activity recorded before this table existed.
INSERT INTO "report_learner_day" ("tenant_id", "subject_id", "day", "user_id")
  SELECT "tenant_id", "course_id", substr("update_time", 1, 10), "user_id" FROM "hm_course_statistics" WHERE "update_time" IS NOT NULL
  UNION SELECT "tenant_id", "paper_time_id", substr("start_time", 1, 10), "user_id" FROM "hm_paper_time_user"
  ON CONFLICT DO NOTHING;
