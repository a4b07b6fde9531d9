CREATE TABLE `blade_device_connection` (
	`id` text PRIMARY KEY NOT NULL,
	`device_id` text NOT NULL,
	`process_id` text NOT NULL,
	`create_time` text
);
--> statement-breakpoint
CREATE INDEX `ix_device_connection_device` ON `blade_device_connection` (`device_id`);--> statement-breakpoint
CREATE INDEX `ix_device_connection_process` ON `blade_device_connection` (`process_id`);--> statement-breakpoint
CREATE TABLE `blade_process` (
	`id` text PRIMARY KEY NOT NULL,
	`node` text NOT NULL,
	`pid` integer NOT NULL,
	`start_time` text,
	`lease_until` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_process_lease` ON `blade_process` (`lease_until`);--> statement-breakpoint
CREATE TABLE `blade_schedule_run` (
	`key` text PRIMARY KEY NOT NULL,
	`owner` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_schedule_run_at` ON `blade_schedule_run` (`at`);--> statement-breakpoint
ALTER TABLE `blade_job` ADD `lease_owner` text;--> statement-breakpoint
ALTER TABLE `blade_job` ADD `lease_until` integer;