CREATE TABLE `blade_sms_code` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`phone` text NOT NULL,
	`purpose` text NOT NULL,
	`code_hash` text NOT NULL,
	`sent_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`consumed` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ux_sms_code` ON `blade_sms_code` (`tenant_id`,`phone`,`purpose`);--> statement-breakpoint
CREATE INDEX `ix_sms_code_expires` ON `blade_sms_code` (`expires_at`);