-- The study assistant's retrieval index (server/modules/assistant/retrieve.ts). ai_assistant_passage holds one row per
-- course section, courseware and question, kept by the triggers below on those tables, so every write path (resources,
-- imports, the CLI, seeds) keeps it current; removed rows (is_deleted <> 0) leave it. The FTS5 index over it uses the
-- trigram tokenizer, which matches Chinese text (the default tokenizer would take a whole Chinese run as one word), and
-- passage_id (an INTEGER PRIMARY KEY, which VACUUM keeps) as its rowid.
CREATE VIRTUAL TABLE `ai_assistant_passage_fts` USING fts5(title, body, content='ai_assistant_passage', content_rowid='passage_id', tokenize='trigram');
--> statement-breakpoint
CREATE TRIGGER `tr_ai_passage_fts_insert` AFTER INSERT ON `ai_assistant_passage` BEGIN INSERT INTO `ai_assistant_passage_fts`(rowid, title, body) VALUES (NEW.`passage_id`, NEW.`title`, NEW.`body`); END;
--> statement-breakpoint
CREATE TRIGGER `tr_ai_passage_fts_delete` AFTER DELETE ON `ai_assistant_passage` BEGIN INSERT INTO `ai_assistant_passage_fts`(`ai_assistant_passage_fts`, rowid, title, body) VALUES ('delete', OLD.`passage_id`, OLD.`title`, OLD.`body`); END;
--> statement-breakpoint
CREATE TRIGGER `tr_ai_passage_fts_update` AFTER UPDATE ON `ai_assistant_passage` BEGIN INSERT INTO `ai_assistant_passage_fts`(`ai_assistant_passage_fts`, rowid, title, body) VALUES ('delete', OLD.`passage_id`, OLD.`title`, OLD.`body`); INSERT INTO `ai_assistant_passage_fts`(rowid, title, body) VALUES (NEW.`passage_id`, NEW.`title`, NEW.`body`); END;
--> statement-breakpoint
CREATE TRIGGER `tr_ai_passage_section_insert` AFTER INSERT ON `hm_course_section` BEGIN INSERT INTO `ai_assistant_passage` (`kind`, `source_id`, `title`, `body`) SELECT 'section', NEW.`id`, NEW.title, coalesce(NEW.content, '') WHERE NEW.`is_deleted` = 0 ON CONFLICT (`kind`, `source_id`) DO UPDATE SET `title` = excluded.`title`, `body` = excluded.`body`; END;
--> statement-breakpoint
CREATE TRIGGER `tr_ai_passage_section_update` AFTER UPDATE OF title, content, is_deleted ON `hm_course_section` BEGIN DELETE FROM `ai_assistant_passage` WHERE `kind` = 'section' AND `source_id` = OLD.`id` AND NEW.`is_deleted` <> 0; INSERT INTO `ai_assistant_passage` (`kind`, `source_id`, `title`, `body`) SELECT 'section', NEW.`id`, NEW.title, coalesce(NEW.content, '') WHERE NEW.`is_deleted` = 0 ON CONFLICT (`kind`, `source_id`) DO UPDATE SET `title` = excluded.`title`, `body` = excluded.`body`; END;
--> statement-breakpoint
CREATE TRIGGER `tr_ai_passage_section_delete` AFTER DELETE ON `hm_course_section` BEGIN DELETE FROM `ai_assistant_passage` WHERE `kind` = 'section' AND `source_id` = OLD.`id`; END;
--> statement-breakpoint
INSERT INTO `ai_assistant_passage` (`kind`, `source_id`, `title`, `body`) SELECT 'section', `id`, title, coalesce(content, '') FROM `hm_course_section` WHERE `is_deleted` = 0;
--> statement-breakpoint
CREATE TRIGGER `tr_ai_passage_ware_insert` AFTER INSERT ON `hm_course_ware` BEGIN INSERT INTO `ai_assistant_passage` (`kind`, `source_id`, `title`, `body`) SELECT 'ware', NEW.`id`, NEW.title, coalesce(NEW.content, '') WHERE NEW.`is_deleted` = 0 ON CONFLICT (`kind`, `source_id`) DO UPDATE SET `title` = excluded.`title`, `body` = excluded.`body`; END;
--> statement-breakpoint
CREATE TRIGGER `tr_ai_passage_ware_update` AFTER UPDATE OF title, content, is_deleted ON `hm_course_ware` BEGIN DELETE FROM `ai_assistant_passage` WHERE `kind` = 'ware' AND `source_id` = OLD.`id` AND NEW.`is_deleted` <> 0; INSERT INTO `ai_assistant_passage` (`kind`, `source_id`, `title`, `body`) SELECT 'ware', NEW.`id`, NEW.title, coalesce(NEW.content, '') WHERE NEW.`is_deleted` = 0 ON CONFLICT (`kind`, `source_id`) DO UPDATE SET `title` = excluded.`title`, `body` = excluded.`body`; END;
--> statement-breakpoint
CREATE TRIGGER `tr_ai_passage_ware_delete` AFTER DELETE ON `hm_course_ware` BEGIN DELETE FROM `ai_assistant_passage` WHERE `kind` = 'ware' AND `source_id` = OLD.`id`; END;
--> statement-breakpoint
INSERT INTO `ai_assistant_passage` (`kind`, `source_id`, `title`, `body`) SELECT 'ware', `id`, title, coalesce(content, '') FROM `hm_course_ware` WHERE `is_deleted` = 0;
--> statement-breakpoint
CREATE TRIGGER `tr_ai_passage_question_insert` AFTER INSERT ON `hm_question` BEGIN INSERT INTO `ai_assistant_passage` (`kind`, `source_id`, `title`, `body`) SELECT 'question', NEW.`id`, coalesce(NEW.title, ''), coalesce(NEW.content, '') || char(10) || coalesce(NEW.analysis, '') WHERE NEW.`is_deleted` = 0 ON CONFLICT (`kind`, `source_id`) DO UPDATE SET `title` = excluded.`title`, `body` = excluded.`body`; END;
--> statement-breakpoint
CREATE TRIGGER `tr_ai_passage_question_update` AFTER UPDATE OF title, content, analysis, is_deleted ON `hm_question` BEGIN DELETE FROM `ai_assistant_passage` WHERE `kind` = 'question' AND `source_id` = OLD.`id` AND NEW.`is_deleted` <> 0; INSERT INTO `ai_assistant_passage` (`kind`, `source_id`, `title`, `body`) SELECT 'question', NEW.`id`, coalesce(NEW.title, ''), coalesce(NEW.content, '') || char(10) || coalesce(NEW.analysis, '') WHERE NEW.`is_deleted` = 0 ON CONFLICT (`kind`, `source_id`) DO UPDATE SET `title` = excluded.`title`, `body` = excluded.`body`; END;
--> statement-breakpoint
CREATE TRIGGER `tr_ai_passage_question_delete` AFTER DELETE ON `hm_question` BEGIN DELETE FROM `ai_assistant_passage` WHERE `kind` = 'question' AND `source_id` = OLD.`id`; END;
--> statement-breakpoint
INSERT INTO `ai_assistant_passage` (`kind`, `source_id`, `title`, `body`) SELECT 'question', `id`, coalesce(title, ''), coalesce(content, '') || char(10) || coalesce(analysis, '') FROM `hm_question` WHERE `is_deleted` = 0;
