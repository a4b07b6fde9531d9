CREATE TABLE `blade_notice` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`remark` text,
	`create_user` text,
	`create_dept` text,
	`create_time` text,
	`update_user` text,
	`update_time` text,
	`title` text NOT NULL,
	`category` integer DEFAULT 1 NOT NULL,
	`release_time` text,
	`content` text
);
--> statement-breakpoint
CREATE INDEX `ix_notice_scoped` ON `blade_notice` (`tenant_id`,`is_deleted`,`id`);