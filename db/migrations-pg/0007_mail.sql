CREATE TABLE "blade_email_address" (
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
	"email" text NOT NULL,
	"group_name" text,
	"phone" text,
	"sort" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_email_config" (
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
	"host" text NOT NULL,
	"port" bigint DEFAULT 465 NOT NULL,
	"tls_mode" bigint DEFAULT 2 NOT NULL,
	"username" text,
	"password" text,
	"from_address" text NOT NULL,
	"from_name" text,
	"is_enabled" bigint DEFAULT 0 NOT NULL,
	"plat_from_id" text,
	"imap_host" text,
	"imap_port" bigint,
	"imap_tls" bigint
);
--> statement-breakpoint
CREATE TABLE "blade_email_outbox" (
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
	"config_id" text,
	"strategy_id" text,
	"template_id" text,
	"mail_to" text NOT NULL,
	"cc" text,
	"bcc" text,
	"subject" text NOT NULL,
	"content" text NOT NULL,
	"attachments" text,
	"source" text,
	"reason" text,
	"message_id" text NOT NULL,
	"response" text,
	"sent_time" text,
	"attempts" bigint DEFAULT 0 NOT NULL,
	"handover_time" bigint
);
--> statement-breakpoint
CREATE TABLE "blade_email_plat_from" (
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
	"host" text NOT NULL,
	"port" bigint DEFAULT 465 NOT NULL,
	"tls_mode" bigint DEFAULT 2 NOT NULL,
	"imap_host" text,
	"imap_port" bigint,
	"imap_tls" bigint,
	"is_enabled" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_email_strategy" (
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
	"code" text NOT NULL,
	"mode" bigint DEFAULT 1 NOT NULL,
	"config_ids" text NOT NULL,
	"is_default" bigint DEFAULT 0 NOT NULL,
	"cursor" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_email_template" (
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
	"code" text NOT NULL,
	"name" text NOT NULL,
	"language" text DEFAULT 'zh' NOT NULL,
	"subject" text NOT NULL,
	"content" text NOT NULL,
	"variables" text
);
--> statement-breakpoint
CREATE INDEX "ix_email_address_scoped" ON "blade_email_address" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ux_email_address_email" ON "blade_email_address" USING btree ("tenant_id","group_name","email") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "ix_email_config_scoped" ON "blade_email_config" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE INDEX "ix_email_outbox_scoped" ON "blade_email_outbox" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ux_email_outbox_message_id" ON "blade_email_outbox" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "ix_email_outbox_status" ON "blade_email_outbox" USING btree ("tenant_id","is_deleted","status");--> statement-breakpoint
CREATE UNIQUE INDEX "ux_email_plat_from_name" ON "blade_email_plat_from" USING btree ("name") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "ix_email_strategy_scoped" ON "blade_email_strategy" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ux_email_strategy_code" ON "blade_email_strategy" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "ix_email_template_scoped" ON "blade_email_template" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ux_email_template_code" ON "blade_email_template" USING btree ("tenant_id","code","language") WHERE is_deleted = 0;