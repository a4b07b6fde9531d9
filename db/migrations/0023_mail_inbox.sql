CREATE TABLE `blade_email_inbox` (
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
	`config_id` text NOT NULL,
	`folder` text DEFAULT 'INBOX' NOT NULL,
	`uid_validity` integer NOT NULL,
	`uid` integer NOT NULL,
	`message_id` text,
	`mail_from` text,
	`mail_to` text,
	`cc` text,
	`subject` text,
	`content` text,
	`body_text` text,
	`attachments` text,
	`received_time` text,
	`is_read` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_email_inbox_scoped` ON `blade_email_inbox` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `ux_email_inbox_uid` ON `blade_email_inbox` (`tenant_id`,`config_id`,`folder`,`uid_validity`,`uid`);--> statement-breakpoint
CREATE INDEX `ix_email_inbox_config` ON `blade_email_inbox` (`tenant_id`,`config_id`,`is_deleted`,`received_time`);--> statement-breakpoint
CREATE TABLE `blade_email_mailbox` (
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
	`config_id` text NOT NULL,
	`folder` text DEFAULT 'INBOX' NOT NULL,
	`uid_validity` integer,
	`last_uid` integer DEFAULT 0 NOT NULL,
	`last_sync_time` text,
	`sync_until` integer DEFAULT 0 NOT NULL,
	`sync_error` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ux_email_mailbox_folder` ON `blade_email_mailbox` (`tenant_id`,`config_id`,`folder`) WHERE is_deleted = 0;