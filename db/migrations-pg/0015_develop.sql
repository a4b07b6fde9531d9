CREATE TABLE "blade_datasource" (
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
	"driver_class" text NOT NULL,
	"url" text,
	"username" text,
	"password" text
);
--> statement-breakpoint
CREATE TABLE "blade_code" (
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
	"model_id" text NOT NULL,
	"code_name" text NOT NULL,
	"code_name_en" text NOT NULL,
	"service_name" text NOT NULL,
	"package_name" text NOT NULL,
	"table_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_model" (
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
	"datasource_id" text NOT NULL,
	"model_name" text NOT NULL,
	"model_name_en" text NOT NULL,
	"model_code" text NOT NULL,
	"model_table" text NOT NULL,
	"prototypes" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ux_datasource_name" ON "blade_datasource" USING btree ("name") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "ux_model_code" ON "blade_model" USING btree ("model_code") WHERE is_deleted = 0;