CREATE TABLE `blade_session_spent` (
	`refresh_hash` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `blade_throttle` (
	`key` text PRIMARY KEY NOT NULL,
	`hits` integer NOT NULL,
	`window_ends` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_throttle_window` ON `blade_throttle` (`window_ends`);--> statement-breakpoint
ALTER TABLE `blade_user` ADD `locked_until` integer;--> statement-breakpoint
ALTER TABLE `blade_session` ADD `role_ids` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `blade_session` ADD `dept_ids` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `blade_session` ADD `absolute_expires_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `ix_session_user` ON `blade_session` (`user_id`);--> statement-breakpoint
-- Sessions made before sessions carried their own roles and departments are ended: their users sign in again.
UPDATE `blade_session` SET `revoked` = 1;