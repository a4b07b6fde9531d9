CREATE TABLE `lab_host` (
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
	`endpoint` text NOT NULL,
	`tls_ca` text,
	`tls_cert` text,
	`tls_key` text,
	`max_labs` integer DEFAULT 60 NOT NULL,
	`enabled` integer DEFAULT 1 NOT NULL,
	`state` text DEFAULT 'unknown' NOT NULL,
	`version` text,
	`down_since` text,
	`checked_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ux_lab_host_name` ON `lab_host` (`name`);--> statement-breakpoint
ALTER TABLE `hm_user_container` ADD `host` text;