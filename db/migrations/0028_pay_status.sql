PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_blade_pay_order` (
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
	`out_trade_no` text NOT NULL,
	`item_type` text NOT NULL,
	`item_id` text NOT NULL,
	`item_name` text NOT NULL,
	`user_id` text NOT NULL,
	`amount` integer NOT NULL,
	`refunded_amount` integer DEFAULT 0 NOT NULL,
	`channel` text,
	`pay_type` text,
	`config_id` text,
	`transaction_id` text,
	`paid_time` text,
	`expire_time` text NOT NULL,
	`close_time` text
);
--> statement-breakpoint
INSERT INTO `__new_blade_pay_order`("id", "tenant_id", "status", "is_deleted", "remark", "create_user", "create_dept", "create_time", "update_user", "update_time", "out_trade_no", "item_type", "item_id", "item_name", "user_id", "amount", "refunded_amount", "channel", "pay_type", "config_id", "transaction_id", "paid_time", "expire_time", "close_time") SELECT "id", "tenant_id", "status", "is_deleted", "remark", "create_user", "create_dept", "create_time", "update_user", "update_time", "out_trade_no", "item_type", "item_id", "item_name", "user_id", "amount", "refunded_amount", "channel", "pay_type", "config_id", "transaction_id", "paid_time", "expire_time", "close_time" FROM `blade_pay_order`;--> statement-breakpoint
DROP TABLE `blade_pay_order`;--> statement-breakpoint
ALTER TABLE `__new_blade_pay_order` RENAME TO `blade_pay_order`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `ix_pay_order_scoped` ON `blade_pay_order` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `ux_pay_order_trade_no` ON `blade_pay_order` (`out_trade_no`);--> statement-breakpoint
CREATE INDEX `ix_pay_order_pending` ON `blade_pay_order` (`status`,`expire_time`);--> statement-breakpoint
CREATE INDEX `ix_pay_order_user` ON `blade_pay_order` (`user_id`);--> statement-breakpoint
CREATE TABLE `__new_blade_pay_refund` (
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
	`order_id` text NOT NULL,
	`out_refund_no` text NOT NULL,
	`amount` integer NOT NULL,
	`reason` text NOT NULL,
	`refund_id` text,
	`refund_time` text
);
--> statement-breakpoint
INSERT INTO `__new_blade_pay_refund`("id", "tenant_id", "status", "is_deleted", "remark", "create_user", "create_dept", "create_time", "update_user", "update_time", "order_id", "out_refund_no", "amount", "reason", "refund_id", "refund_time") SELECT "id", "tenant_id", "status", "is_deleted", "remark", "create_user", "create_dept", "create_time", "update_user", "update_time", "order_id", "out_refund_no", "amount", "reason", "refund_id", "refund_time" FROM `blade_pay_refund`;--> statement-breakpoint
DROP TABLE `blade_pay_refund`;--> statement-breakpoint
ALTER TABLE `__new_blade_pay_refund` RENAME TO `blade_pay_refund`;--> statement-breakpoint
CREATE INDEX `ix_pay_refund_scoped` ON `blade_pay_refund` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `ux_pay_refund_no` ON `blade_pay_refund` (`out_refund_no`);--> statement-breakpoint
CREATE INDEX `ix_pay_refund_order` ON `blade_pay_refund` (`order_id`);