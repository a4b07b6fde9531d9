CREATE TABLE `report_learner_day` (
	`tenant_id` text NOT NULL,
	`subject_id` text NOT NULL,
	`day` text NOT NULL,
	`user_id` text NOT NULL,
	PRIMARY KEY(`subject_id`, `day`, `user_id`)
);
--> statement-breakpoint
-- The dashboard's activity (db/schema/report.ts reportLearnerDay) follows progress saves and exam sittings in the
-- statement that writes them, whoever writes: one row per course or exam, learner and day.
CREATE TRIGGER `tr_report_learner_day_study_insert` AFTER INSERT ON `hm_course_statistics` WHEN new.`update_time` IS NOT NULL BEGIN
  INSERT OR IGNORE INTO `report_learner_day` (`tenant_id`, `subject_id`, `day`, `user_id`)
    VALUES (new.`tenant_id`, new.`course_id`, substr(new.`update_time`, 1, 10), new.`user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `tr_report_learner_day_study_update` AFTER UPDATE OF `update_time` ON `hm_course_statistics` WHEN new.`update_time` IS NOT NULL BEGIN
  INSERT OR IGNORE INTO `report_learner_day` (`tenant_id`, `subject_id`, `day`, `user_id`)
    VALUES (new.`tenant_id`, new.`course_id`, substr(new.`update_time`, 1, 10), new.`user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `tr_report_learner_day_sitting_insert` AFTER INSERT ON `hm_paper_time_user` BEGIN
  INSERT OR IGNORE INTO `report_learner_day` (`tenant_id`, `subject_id`, `day`, `user_id`)
    VALUES (new.`tenant_id`, new.`paper_time_id`, substr(new.`start_time`, 1, 10), new.`user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `tr_report_learner_day_sitting_update` AFTER UPDATE OF `start_time` ON `hm_paper_time_user` BEGIN
  INSERT OR IGNORE INTO `report_learner_day` (`tenant_id`, `subject_id`, `day`, `user_id`)
    VALUES (new.`tenant_id`, new.`paper_time_id`, substr(new.`start_time`, 1, 10), new.`user_id`);
END;
--> statement-breakpoint
-- The activity recorded before this table existed.
INSERT OR IGNORE INTO `report_learner_day` (`tenant_id`, `subject_id`, `day`, `user_id`)
  SELECT `tenant_id`, `course_id`, substr(`update_time`, 1, 10), `user_id` FROM `hm_course_statistics` WHERE `update_time` IS NOT NULL
  UNION SELECT `tenant_id`, `paper_time_id`, substr(`start_time`, 1, 10), `user_id` FROM `hm_paper_time_user`;
