CREATE TABLE `mqtt_incoming` (
	`client_id` text NOT NULL,
	`message_id` integer NOT NULL,
	`packet` text NOT NULL,
	`payload` blob,
	PRIMARY KEY(`client_id`, `message_id`)
);
--> statement-breakpoint
CREATE TABLE `mqtt_outgoing` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_id` text NOT NULL,
	`broker_id` text,
	`broker_counter` integer,
	`message_id` integer,
	`packet` text NOT NULL,
	`payload` blob
);
--> statement-breakpoint
CREATE INDEX `ix_mqtt_outgoing_client` ON `mqtt_outgoing` (`client_id`,`seq`);--> statement-breakpoint
CREATE INDEX `ix_mqtt_outgoing_msg` ON `mqtt_outgoing` (`client_id`,`message_id`);--> statement-breakpoint
CREATE TABLE `mqtt_retained` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`topic` text NOT NULL,
	`packet` text NOT NULL,
	`payload` blob,
	`size` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mqtt_retained_topic_unique` ON `mqtt_retained` (`topic`);--> statement-breakpoint
CREATE TABLE `mqtt_subscription` (
	`client_id` text NOT NULL,
	`topic` text NOT NULL,
	`qos` integer NOT NULL,
	`options` text,
	PRIMARY KEY(`client_id`, `topic`)
);
--> statement-breakpoint
CREATE TABLE `mqtt_will` (
	`client_id` text PRIMARY KEY NOT NULL,
	`broker_id` text NOT NULL,
	`packet` text NOT NULL,
	`payload` blob
);
--> statement-breakpoint
CREATE TABLE `blade_command` (
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
	`product_id` text NOT NULL,
	`device_id` text,
	`name` text NOT NULL,
	`code` text NOT NULL,
	`timeout` integer DEFAULT 10 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_command_scoped` ON `blade_command` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE INDEX `ix_command_product` ON `blade_command` (`product_id`);--> statement-breakpoint
CREATE TABLE `blade_command_detail` (
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
	`command_id` text NOT NULL,
	`name` text NOT NULL,
	`code` text NOT NULL,
	`type` text DEFAULT 'string' NOT NULL,
	`required` integer DEFAULT 0 NOT NULL,
	`default_value` text,
	`options` text,
	`sort` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_command_detail_scoped` ON `blade_command_detail` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE INDEX `ix_command_detail_cmd` ON `blade_command_detail` (`command_id`);--> statement-breakpoint
CREATE TABLE `blade_command_record` (
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
	`command_id` text NOT NULL,
	`device_id` text NOT NULL,
	`params` text,
	`state` integer DEFAULT 0 NOT NULL,
	`answer` text,
	`ack_time` text,
	`answer_time` text,
	`deadline` text
);
--> statement-breakpoint
CREATE INDEX `ix_command_record_scoped` ON `blade_command_record` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE INDEX `ix_command_record_device` ON `blade_command_record` (`device_id`,`id`);--> statement-breakpoint
CREATE TABLE `blade_device` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`status` integer DEFAULT 0 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`remark` text,
	`create_user` text,
	`create_dept` text,
	`create_time` text,
	`update_user` text,
	`update_time` text,
	`name` text NOT NULL,
	`serial_no` text,
	`product_id` text NOT NULL,
	`sn` text NOT NULL,
	`lat` real,
	`lon` real,
	`active_time` text,
	`last_seen` text,
	`secret` text,
	`addr` text,
	`firm_version` text
);
--> statement-breakpoint
CREATE INDEX `ix_device_scoped` ON `blade_device` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE INDEX `ix_device_product_sn` ON `blade_device` (`product_id`,`sn`,`is_deleted`);--> statement-breakpoint
CREATE TABLE `blade_device_log` (
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
	`device_id` text NOT NULL,
	`product_id` text NOT NULL,
	`type` text NOT NULL,
	`content` text
);
--> statement-breakpoint
CREATE INDEX `ix_device_log_scoped` ON `blade_device_log` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE INDEX `ix_device_log_device` ON `blade_device_log` (`device_id`,`create_time`);--> statement-breakpoint
CREATE INDEX `ix_device_log_time` ON `blade_device_log` (`create_time`);--> statement-breakpoint
CREATE TABLE `blade_ota_task` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`ota_id` text NOT NULL,
	`device_id` text NOT NULL,
	`cohort` text NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`progress` integer DEFAULT 0 NOT NULL,
	`error` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`update_time` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ux_ota_task` ON `blade_ota_task` (`ota_id`,`device_id`);--> statement-breakpoint
CREATE INDEX `ix_ota_task_device` ON `blade_ota_task` (`device_id`);--> statement-breakpoint
CREATE TABLE `blade_product` (
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
	`category_id` integer,
	`img_url` text,
	`topic` text,
	`product_key` text,
	`product_secret` text,
	`keep_alive_time` integer DEFAULT 60 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_product_scoped` ON `blade_product` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `ux_product_key` ON `blade_product` (`product_key`);--> statement-breakpoint
CREATE TABLE `blade_product_ota` (
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
	`product_id` text NOT NULL,
	`firm_version` text NOT NULL,
	`firm_file` text,
	`firm_files` text,
	`devices` text,
	`grey_percent` integer DEFAULT 10 NOT NULL,
	`success_threshold` integer DEFAULT 90 NOT NULL,
	`error_threshold` integer DEFAULT 20 NOT NULL,
	`phase` text DEFAULT 'draft' NOT NULL,
	`paused_phase` text
);
--> statement-breakpoint
CREATE INDEX `ix_product_ota_scoped` ON `blade_product_ota` (`tenant_id`,`is_deleted`,`id`);