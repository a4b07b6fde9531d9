CREATE TABLE `hm_experiment` (
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
	`cover` text,
	`folders` text,
	`images_name` text NOT NULL,
	`ware_name` text,
	`video_ware_name` text,
	`env` text,
	`duration_minutes` integer DEFAULT 60 NOT NULL,
	`renew_minutes` integer DEFAULT 30 NOT NULL,
	`max_renewals` integer DEFAULT 3 NOT NULL,
	`idle_minutes` integer DEFAULT 15 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_experiment_scoped` ON `hm_experiment` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE TABLE `hm_experiment_step` (
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
	`experiment_id` text NOT NULL,
	`title` text NOT NULL,
	`content` text,
	`sort` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_experiment_step` ON `hm_experiment_step` (`experiment_id`);--> statement-breakpoint
CREATE TABLE `blade_experiment_user` (
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
	`experiment_id` text NOT NULL,
	`user_id` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_experiment_user` ON `blade_experiment_user` (`experiment_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `hm_images` (
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
	`image_id` text NOT NULL,
	`type` text,
	`experiment_type` text,
	`spec` text,
	`code_path` text DEFAULT '/workspace' NOT NULL,
	`pwds` text,
	`securitys` text DEFAULT 'none' NOT NULL,
	`path` text DEFAULT '/bin/sh' NOT NULL,
	`cpus` real DEFAULT 1 NOT NULL,
	`memory_mb` integer DEFAULT 256 NOT NULL,
	`pids_limit` integer DEFAULT 128 NOT NULL,
	`workspace_mb` integer DEFAULT 100 NOT NULL,
	`service` text DEFAULT 'terminal' NOT NULL,
	`web_port` integer,
	`cap_add` text,
	`read_only_root` integer DEFAULT 1 NOT NULL,
	`pool_size` integer DEFAULT 0 NOT NULL,
	`build_state` integer DEFAULT 0 NOT NULL,
	`build_log` text
);
--> statement-breakpoint
CREATE INDEX `ix_lab_image_scoped` ON `hm_images` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE TABLE `hm_user_container` (
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
	`experiment_id` text NOT NULL,
	`user_id` text NOT NULL,
	`image_row_id` text NOT NULL,
	`state` text DEFAULT 'running' NOT NULL,
	`container_id` text,
	`volume` text,
	`network` text,
	`start_time` text,
	`expire_time` text,
	`renewals` integer DEFAULT 0 NOT NULL,
	`last_active` text,
	`end_time` text,
	`end_reason` text
);
--> statement-breakpoint
CREATE INDEX `ix_user_container_owner` ON `hm_user_container` (`tenant_id`,`user_id`,`experiment_id`,`state`);--> statement-breakpoint
CREATE INDEX `ix_user_container_state` ON `hm_user_container` (`state`);