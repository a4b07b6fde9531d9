-- The study assistant's retrieval rows on PostgreSQL (server/modules/assistant/retrieve.ts): the same passages as on
-- SQLite, kept by triggers on the source tables; pg_trgm GIN indexes serve the substring matches (ILIKE) that FTS5's
-- trigram tokenizer serves there. pg_trgm is a trusted extension: a database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "ix_ai_assistant_passage_title_trgm" ON "ai_assistant_passage" USING gin ("title" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "ix_ai_assistant_passage_body_trgm" ON "ai_assistant_passage" USING gin ("body" gin_trgm_ops);
--> statement-breakpoint
CREATE FUNCTION "atrium_ai_passage_section"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW.is_deleted <> 0 THEN
    DELETE FROM ai_assistant_passage WHERE kind = 'section' AND source_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.is_deleted = 0 THEN
    INSERT INTO ai_assistant_passage (kind, source_id, title, body) VALUES ('section', NEW.id, NEW.title, coalesce(NEW.content, ''))
    ON CONFLICT (kind, source_id) DO UPDATE SET title = EXCLUDED.title, body = EXCLUDED.body;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "tr_ai_passage_section" AFTER INSERT OR UPDATE OR DELETE ON "hm_course_section" FOR EACH ROW EXECUTE FUNCTION "atrium_ai_passage_section"();
--> statement-breakpoint
INSERT INTO "ai_assistant_passage" ("kind", "source_id", "title", "body") SELECT 'section', "id", title, coalesce(content, '') FROM "hm_course_section" WHERE "is_deleted" = 0;
--> statement-breakpoint
CREATE FUNCTION "atrium_ai_passage_ware"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW.is_deleted <> 0 THEN
    DELETE FROM ai_assistant_passage WHERE kind = 'ware' AND source_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.is_deleted = 0 THEN
    INSERT INTO ai_assistant_passage (kind, source_id, title, body) VALUES ('ware', NEW.id, NEW.title, coalesce(NEW.content, ''))
    ON CONFLICT (kind, source_id) DO UPDATE SET title = EXCLUDED.title, body = EXCLUDED.body;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "tr_ai_passage_ware" AFTER INSERT OR UPDATE OR DELETE ON "hm_course_ware" FOR EACH ROW EXECUTE FUNCTION "atrium_ai_passage_ware"();
--> statement-breakpoint
INSERT INTO "ai_assistant_passage" ("kind", "source_id", "title", "body") SELECT 'ware', "id", title, coalesce(content, '') FROM "hm_course_ware" WHERE "is_deleted" = 0;
--> statement-breakpoint
CREATE FUNCTION "atrium_ai_passage_question"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW.is_deleted <> 0 THEN
    DELETE FROM ai_assistant_passage WHERE kind = 'question' AND source_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.is_deleted = 0 THEN
    INSERT INTO ai_assistant_passage (kind, source_id, title, body) VALUES ('question', NEW.id, coalesce(NEW.title, ''), coalesce(NEW.content, '') || chr(10) || coalesce(NEW.analysis, ''))
    ON CONFLICT (kind, source_id) DO UPDATE SET title = EXCLUDED.title, body = EXCLUDED.body;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "tr_ai_passage_question" AFTER INSERT OR UPDATE OR DELETE ON "hm_question" FOR EACH ROW EXECUTE FUNCTION "atrium_ai_passage_question"();
--> statement-breakpoint
INSERT INTO "ai_assistant_passage" ("kind", "source_id", "title", "body") SELECT 'question', "id", coalesce(title, ''), coalesce(content, '') || chr(10) || coalesce(analysis, '') FROM "hm_question" WHERE "is_deleted" = 0;
