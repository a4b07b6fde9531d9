CREATE TABLE `blade_sms` (
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
	`sms_code` text NOT NULL,
	`category` integer DEFAULT 3 NOT NULL,
	`template_id` text NOT NULL,
	`access_key` text NOT NULL,
	`secret_key` text NOT NULL,
	`region_id` text,
	`sign_name` text NOT NULL,
	`app_id` text,
	`endpoint` text,
	`is_enabled` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_sms_scoped` ON `blade_sms` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `ux_sms_code_name` ON `blade_sms` (`tenant_id`,`sms_code`) WHERE is_deleted = 0;