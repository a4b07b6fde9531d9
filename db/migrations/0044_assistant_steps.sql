-- The study assistant also reads courseware steps (hm_ware_step, the step editor's pages of a type-4 courseware):
-- one passage per live step (kind 'step'), kept by triggers as sections, courseware and questions are
-- (0036_assistant_search), so the FTS5 index over ai_assistant_passage covers them too.
CREATE TRIGGER `tr_ai_passage_step_insert` AFTER INSERT ON `hm_ware_step` BEGIN INSERT INTO `ai_assistant_passage` (`kind`, `source_id`, `title`, `body`) SELECT 'step', NEW.`id`, NEW.title, coalesce(NEW.content, '') WHERE NEW.`is_deleted` = 0 ON CONFLICT (`kind`, `source_id`) DO UPDATE SET `title` = excluded.`title`, `body` = excluded.`body`; END;
--> statement-breakpoint
CREATE TRIGGER `tr_ai_passage_step_update` AFTER UPDATE OF title, content, is_deleted ON `hm_ware_step` BEGIN DELETE FROM `ai_assistant_passage` WHERE `kind` = 'step' AND `source_id` = OLD.`id` AND NEW.`is_deleted` <> 0; INSERT INTO `ai_assistant_passage` (`kind`, `source_id`, `title`, `body`) SELECT 'step', NEW.`id`, NEW.title, coalesce(NEW.content, '') WHERE NEW.`is_deleted` = 0 ON CONFLICT (`kind`, `source_id`) DO UPDATE SET `title` = excluded.`title`, `body` = excluded.`body`; END;
--> statement-breakpoint
CREATE TRIGGER `tr_ai_passage_step_delete` AFTER DELETE ON `hm_ware_step` BEGIN DELETE FROM `ai_assistant_passage` WHERE `kind` = 'step' AND `source_id` = OLD.`id`; END;
--> statement-breakpoint
INSERT INTO `ai_assistant_passage` (`kind`, `source_id`, `title`, `body`) SELECT 'step', `id`, title, coalesce(content, '') FROM `hm_ware_step` WHERE `is_deleted` = 0;
