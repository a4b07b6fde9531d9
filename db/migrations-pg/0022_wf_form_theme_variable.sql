CREATE TABLE "blade_wf_form_theme" (
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
	"theme_key" text NOT NULL,
	"border_width" text,
	"border_color" text,
	"label_color" text,
	"label_bg" text,
	"label_width" text,
	"label_font_size" text,
	"value_color" text,
	"value_bg" text,
	"value_font_size" text
);
--> statement-breakpoint
CREATE TABLE "blade_wf_form_variable" (
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
	"process_ins_id" text NOT NULL,
	"deployment_id" text NOT NULL,
	"task_id" text,
	"task_def_key" text NOT NULL,
	"task_name" text,
	"form_key" text NOT NULL,
	"theme_key" text,
	"form_option" text NOT NULL,
	"form_variable" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blade_wf_form" ADD COLUMN "theme_key" text;--> statement-breakpoint
CREATE INDEX "ix_wf_form_theme_scoped" ON "blade_wf_form_theme" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ux_wf_form_theme_key" ON "blade_wf_form_theme" USING btree ("tenant_id","theme_key") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "ix_wf_form_variable_scoped" ON "blade_wf_form_variable" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE INDEX "ix_wf_form_variable_ins" ON "blade_wf_form_variable" USING btree ("process_ins_id");