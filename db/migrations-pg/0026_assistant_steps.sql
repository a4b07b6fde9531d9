-- The study assistant also reads courseware steps (hm_ware_step): one passage per live step (kind 'step'), kept by a
-- trigger as sections, courseware and questions are (0018_assistant_search).
CREATE FUNCTION "atrium_ai_passage_step"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW.is_deleted <> 0 THEN
    DELETE FROM ai_assistant_passage WHERE kind = 'step' AND source_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.is_deleted = 0 THEN
    INSERT INTO ai_assistant_passage (kind, source_id, title, body) VALUES ('step', NEW.id, NEW.title, coalesce(NEW.content, ''))
    ON CONFLICT (kind, source_id) DO UPDATE SET title = EXCLUDED.title, body = EXCLUDED.body;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "tr_ai_passage_step" AFTER INSERT OR UPDATE OR DELETE ON "hm_ware_step" FOR EACH ROW EXECUTE FUNCTION "atrium_ai_passage_step"();
--> statement-breakpoint
INSERT INTO "ai_assistant_passage" ("kind", "source_id", "title", "body") SELECT 'step', "id", title, coalesce(content, '') FROM "hm_ware_step" WHERE "is_deleted" = 0;
