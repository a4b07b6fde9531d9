CREATE TABLE "ai_assistant_config" (
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
	"slot" text DEFAULT 'model' NOT NULL,
	"base_url" text NOT NULL,
	"model" text NOT NULL,
	"api_key" text,
	"enabled" bigint DEFAULT 0 NOT NULL,
	"daily_quota" bigint DEFAULT 200 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_assistant_question" (
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
	"course_id" text NOT NULL,
	"course_title" text,
	"question" text NOT NULL,
	"cited_sections" text,
	"answer" text,
	"outcome" text DEFAULT 'answered' NOT NULL,
	"prompt_tokens" bigint,
	"completion_tokens" bigint
);
--> statement-breakpoint
CREATE TABLE "ai_assistant_usage" (
	"tenant_id" text NOT NULL,
	"day" text NOT NULL,
	"asked" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ux_ai_assistant_config_slot" ON "ai_assistant_config" USING btree ("slot") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "ix_ai_assistant_question_scoped" ON "ai_assistant_question" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ux_ai_assistant_usage_day" ON "ai_assistant_usage" USING btree ("tenant_id","day");