CREATE TABLE `blade_user_dept` (
	`tenant_id` text NOT NULL,
	`user_id` text NOT NULL,
	`dept_id` text NOT NULL,
	PRIMARY KEY(`user_id`, `dept_id`) ON CONFLICT IGNORE
);
--> statement-breakpoint
CREATE INDEX `ix_user_dept_dept` ON `blade_user_dept` (`dept_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `blade_user_post` (
	`tenant_id` text NOT NULL,
	`user_id` text NOT NULL,
	`post_id` text NOT NULL,
	PRIMARY KEY(`user_id`, `post_id`) ON CONFLICT IGNORE
);
--> statement-breakpoint
CREATE INDEX `ix_user_post_post` ON `blade_user_post` (`post_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `blade_user_role` (
	`tenant_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role_id` text NOT NULL,
	PRIMARY KEY(`user_id`, `role_id`) ON CONFLICT IGNORE
);
--> statement-breakpoint
CREATE INDEX `ix_user_role_role` ON `blade_user_role` (`role_id`,`user_id`);
--> statement-breakpoint
-- blade_user's comma lists are the API's shape; the link tables follow them in the same statement, whoever writes the user.
CREATE TRIGGER `tr_user_role_link_insert` AFTER INSERT ON `blade_user` BEGIN INSERT INTO `blade_user_role` (`tenant_id`, `user_id`, `role_id`) SELECT NEW.`tenant_id`, NEW.`id`, trim(value) FROM json_each(CASE WHEN json_valid('["' || replace(NEW.`role_id`, ',', '","') || '"]') THEN '["' || replace(NEW.`role_id`, ',', '","') || '"]' ELSE '[]' END) WHERE trim(value) <> ''; END;
--> statement-breakpoint
CREATE TRIGGER `tr_user_role_link_update` AFTER UPDATE OF `role_id`, `tenant_id`, `id` ON `blade_user` WHEN OLD.`role_id` IS NOT NEW.`role_id` OR OLD.`tenant_id` IS NOT NEW.`tenant_id` OR OLD.`id` IS NOT NEW.`id` BEGIN DELETE FROM `blade_user_role` WHERE `user_id` = OLD.`id`; INSERT INTO `blade_user_role` (`tenant_id`, `user_id`, `role_id`) SELECT NEW.`tenant_id`, NEW.`id`, trim(value) FROM json_each(CASE WHEN json_valid('["' || replace(NEW.`role_id`, ',', '","') || '"]') THEN '["' || replace(NEW.`role_id`, ',', '","') || '"]' ELSE '[]' END) WHERE trim(value) <> ''; END;
--> statement-breakpoint
CREATE TRIGGER `tr_user_role_link_delete` AFTER DELETE ON `blade_user` BEGIN DELETE FROM `blade_user_role` WHERE `user_id` = OLD.`id`; END;
--> statement-breakpoint
-- Backfill from the lists an earlier release stored.
INSERT INTO `blade_user_role` (`tenant_id`, `user_id`, `role_id`) SELECT u.`tenant_id`, u.`id`, trim(value) FROM `blade_user` u, json_each(CASE WHEN json_valid('["' || replace(u.`role_id`, ',', '","') || '"]') THEN '["' || replace(u.`role_id`, ',', '","') || '"]' ELSE '[]' END) WHERE trim(value) <> '';
--> statement-breakpoint
CREATE TRIGGER `tr_user_dept_link_insert` AFTER INSERT ON `blade_user` BEGIN INSERT INTO `blade_user_dept` (`tenant_id`, `user_id`, `dept_id`) SELECT NEW.`tenant_id`, NEW.`id`, trim(value) FROM json_each(CASE WHEN json_valid('["' || replace(NEW.`dept_id`, ',', '","') || '"]') THEN '["' || replace(NEW.`dept_id`, ',', '","') || '"]' ELSE '[]' END) WHERE trim(value) <> ''; END;
--> statement-breakpoint
CREATE TRIGGER `tr_user_dept_link_update` AFTER UPDATE OF `dept_id`, `tenant_id`, `id` ON `blade_user` WHEN OLD.`dept_id` IS NOT NEW.`dept_id` OR OLD.`tenant_id` IS NOT NEW.`tenant_id` OR OLD.`id` IS NOT NEW.`id` BEGIN DELETE FROM `blade_user_dept` WHERE `user_id` = OLD.`id`; INSERT INTO `blade_user_dept` (`tenant_id`, `user_id`, `dept_id`) SELECT NEW.`tenant_id`, NEW.`id`, trim(value) FROM json_each(CASE WHEN json_valid('["' || replace(NEW.`dept_id`, ',', '","') || '"]') THEN '["' || replace(NEW.`dept_id`, ',', '","') || '"]' ELSE '[]' END) WHERE trim(value) <> ''; END;
--> statement-breakpoint
CREATE TRIGGER `tr_user_dept_link_delete` AFTER DELETE ON `blade_user` BEGIN DELETE FROM `blade_user_dept` WHERE `user_id` = OLD.`id`; END;
--> statement-breakpoint
-- Backfill from the lists an earlier release stored.
INSERT INTO `blade_user_dept` (`tenant_id`, `user_id`, `dept_id`) SELECT u.`tenant_id`, u.`id`, trim(value) FROM `blade_user` u, json_each(CASE WHEN json_valid('["' || replace(u.`dept_id`, ',', '","') || '"]') THEN '["' || replace(u.`dept_id`, ',', '","') || '"]' ELSE '[]' END) WHERE trim(value) <> '';
--> statement-breakpoint
CREATE TRIGGER `tr_user_post_link_insert` AFTER INSERT ON `blade_user` BEGIN INSERT INTO `blade_user_post` (`tenant_id`, `user_id`, `post_id`) SELECT NEW.`tenant_id`, NEW.`id`, trim(value) FROM json_each(CASE WHEN json_valid('["' || replace(NEW.`post_id`, ',', '","') || '"]') THEN '["' || replace(NEW.`post_id`, ',', '","') || '"]' ELSE '[]' END) WHERE trim(value) <> ''; END;
--> statement-breakpoint
CREATE TRIGGER `tr_user_post_link_update` AFTER UPDATE OF `post_id`, `tenant_id`, `id` ON `blade_user` WHEN OLD.`post_id` IS NOT NEW.`post_id` OR OLD.`tenant_id` IS NOT NEW.`tenant_id` OR OLD.`id` IS NOT NEW.`id` BEGIN DELETE FROM `blade_user_post` WHERE `user_id` = OLD.`id`; INSERT INTO `blade_user_post` (`tenant_id`, `user_id`, `post_id`) SELECT NEW.`tenant_id`, NEW.`id`, trim(value) FROM json_each(CASE WHEN json_valid('["' || replace(NEW.`post_id`, ',', '","') || '"]') THEN '["' || replace(NEW.`post_id`, ',', '","') || '"]' ELSE '[]' END) WHERE trim(value) <> ''; END;
--> statement-breakpoint
CREATE TRIGGER `tr_user_post_link_delete` AFTER DELETE ON `blade_user` BEGIN DELETE FROM `blade_user_post` WHERE `user_id` = OLD.`id`; END;
--> statement-breakpoint
-- Backfill from the lists an earlier release stored.
INSERT INTO `blade_user_post` (`tenant_id`, `user_id`, `post_id`) SELECT u.`tenant_id`, u.`id`, trim(value) FROM `blade_user` u, json_each(CASE WHEN json_valid('["' || replace(u.`post_id`, ',', '","') || '"]') THEN '["' || replace(u.`post_id`, ',', '","') || '"]' ELSE '[]' END) WHERE trim(value) <> '';
--> statement-breakpoint
-- A user's roles are part of what permissions derive from (migration 0006): changing them bumps the version.
CREATE TRIGGER `tr_perm_version_user_role_insert` AFTER INSERT ON `blade_user_role` BEGIN UPDATE `blade_perm_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `tr_perm_version_user_role_update` AFTER UPDATE ON `blade_user_role` BEGIN UPDATE `blade_perm_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `tr_perm_version_user_role_delete` AFTER DELETE ON `blade_user_role` BEGIN UPDATE `blade_perm_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
