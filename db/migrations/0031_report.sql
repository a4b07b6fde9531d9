CREATE TABLE `blade_report` (
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
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`format` text NOT NULL,
	`subject_id` text NOT NULL,
	`lang` text NOT NULL,
	`state` integer DEFAULT 0 NOT NULL,
	`file_link` text,
	`file_size` integer,
	`error` text
);
--> statement-breakpoint
CREATE INDEX `ix_report_scoped` ON `blade_report` (`tenant_id`,`is_deleted`,`id`);