CREATE TABLE "blade_report" (
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
	"kind" text NOT NULL,
	"format" text NOT NULL,
	"subject_id" text NOT NULL,
	"lang" text NOT NULL,
	"state" bigint DEFAULT 0 NOT NULL,
	"file_link" text,
	"file_size" bigint,
	"error" text
);
--> statement-breakpoint
CREATE INDEX "ix_report_scoped" ON "blade_report" USING btree ("tenant_id","is_deleted","id");