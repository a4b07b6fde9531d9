CREATE TABLE `blade_password_reset` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`user_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ux_password_reset_token` ON `blade_password_reset` (`token_hash`);--> statement-breakpoint
CREATE INDEX `ix_password_reset_user` ON `blade_password_reset` (`tenant_id`,`user_id`);