CREATE TABLE "blade_pay_alipay_config" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text DEFAULT '000000' NOT NULL,
	"status" bigint DEFAULT 1 NOT NULL,
	"is_deleted" bigint DEFAULT 0 NOT NULL,
	"remark" text,
	"create_user" text,
	"create_dept" text,
	"create_time" text,
	"update_user" text,
	"update_time" text,
	"name" text NOT NULL,
	"app_id" text NOT NULL,
	"private_key" text NOT NULL,
	"alipay_public_key" text NOT NULL,
	"gateway" text,
	"notify_url" text NOT NULL,
	"return_url" text
);
--> statement-breakpoint
CREATE TABLE "blade_pay_event" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"event_id" text NOT NULL,
	"order_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"create_time" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_pay_merge_config" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text DEFAULT '000000' NOT NULL,
	"status" bigint DEFAULT 1 NOT NULL,
	"is_deleted" bigint DEFAULT 0 NOT NULL,
	"remark" text,
	"create_user" text,
	"create_dept" text,
	"create_time" text,
	"update_user" text,
	"update_time" text,
	"name" text NOT NULL,
	"client" text NOT NULL,
	"alipay_config_id" text,
	"wx_config_id" text
);
--> statement-breakpoint
CREATE TABLE "blade_pay_order" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text DEFAULT '000000' NOT NULL,
	"status" bigint DEFAULT 1 NOT NULL,
	"is_deleted" bigint DEFAULT 0 NOT NULL,
	"remark" text,
	"create_user" text,
	"create_dept" text,
	"create_time" text,
	"update_user" text,
	"update_time" text,
	"out_trade_no" text NOT NULL,
	"item_type" text NOT NULL,
	"item_id" text NOT NULL,
	"item_name" text NOT NULL,
	"user_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	"channel" text,
	"pay_type" text,
	"config_id" text,
	"transaction_id" text,
	"paid_time" text,
	"expire_time" text NOT NULL,
	"close_time" text
);
--> statement-breakpoint
CREATE TABLE "blade_pay_refund" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text DEFAULT '000000' NOT NULL,
	"status" bigint DEFAULT 1 NOT NULL,
	"is_deleted" bigint DEFAULT 0 NOT NULL,
	"remark" text,
	"create_user" text,
	"create_dept" text,
	"create_time" text,
	"update_user" text,
	"update_time" text,
	"order_id" text NOT NULL,
	"out_refund_no" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"refund_id" text,
	"refund_time" text
);
--> statement-breakpoint
CREATE TABLE "blade_pay_wx_config" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text DEFAULT '000000' NOT NULL,
	"status" bigint DEFAULT 1 NOT NULL,
	"is_deleted" bigint DEFAULT 0 NOT NULL,
	"remark" text,
	"create_user" text,
	"create_dept" text,
	"create_time" text,
	"update_user" text,
	"update_time" text,
	"name" text NOT NULL,
	"mch_id" text NOT NULL,
	"app_id" text NOT NULL,
	"api_v_3_key" text NOT NULL,
	"serial_no" text NOT NULL,
	"private_key" text NOT NULL,
	"platform_serial" text NOT NULL,
	"platform_cert" text NOT NULL,
	"base_url" text,
	"notify_url" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hm_course" ADD COLUMN "price" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "ix_pay_alipay_config_scoped" ON "blade_pay_alipay_config" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ux_pay_event" ON "blade_pay_event" USING btree ("provider","kind","event_id");--> statement-breakpoint
CREATE INDEX "ix_pay_merge_config_scoped" ON "blade_pay_merge_config" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ux_pay_merge_client" ON "blade_pay_merge_config" USING btree ("tenant_id","client") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "ix_pay_order_scoped" ON "blade_pay_order" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ux_pay_order_trade_no" ON "blade_pay_order" USING btree ("out_trade_no");--> statement-breakpoint
CREATE INDEX "ix_pay_order_pending" ON "blade_pay_order" USING btree ("status","expire_time");--> statement-breakpoint
CREATE INDEX "ix_pay_order_user" ON "blade_pay_order" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ix_pay_refund_scoped" ON "blade_pay_refund" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ux_pay_refund_no" ON "blade_pay_refund" USING btree ("out_refund_no");--> statement-breakpoint
CREATE INDEX "ix_pay_refund_order" ON "blade_pay_refund" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "ix_pay_wx_config_scoped" ON "blade_pay_wx_config" USING btree ("tenant_id","is_deleted","id");