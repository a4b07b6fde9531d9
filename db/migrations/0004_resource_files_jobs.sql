CREATE TABLE `blade_attach` (
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
	`link` text NOT NULL,
	`domain` text,
	`name` text NOT NULL,
	`original_name` text,
	`extension` text,
	`attach_size` integer DEFAULT 0 NOT NULL,
	`content_type` text,
	`kind` text DEFAULT 'image' NOT NULL,
	`is_public` integer DEFAULT 1 NOT NULL,
	`oss_id` text
);
--> statement-breakpoint
CREATE INDEX `ix_attach_name` ON `blade_attach` (`name`);--> statement-breakpoint
CREATE INDEX `ix_attach_scoped` ON `blade_attach` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE TABLE `blade_oss` (
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
	`oss_code` text NOT NULL,
	`category` integer DEFAULT 2 NOT NULL,
	`endpoint` text,
	`bucket_name` text,
	`access_key` text,
	`secret_key` text,
	`region` text,
	`is_enabled` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_oss_scoped` ON `blade_oss` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE TABLE `blade_job` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`kind` text NOT NULL,
	`ref` text,
	`payload` text DEFAULT '{}' NOT NULL,
	`state` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`max_attempts` integer DEFAULT 3 NOT NULL,
	`run_after` integer DEFAULT 0 NOT NULL,
	`progress` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`create_time` text,
	`update_time` text
);
--> statement-breakpoint
CREATE INDEX `ix_job_pick` ON `blade_job` (`state`,`run_after`);--> statement-breakpoint
CREATE INDEX `ix_job_ref` ON `blade_job` (`kind`,`ref`);