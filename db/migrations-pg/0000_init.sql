CREATE TABLE "blade_client" (
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
	"client_id" text NOT NULL,
	"client_secret" text NOT NULL,
	"resource_ids" text,
	"scope" text DEFAULT 'all' NOT NULL,
	"authorized_grant_types" text DEFAULT 'refresh_token,password,captcha' NOT NULL,
	"web_server_redirect_uri" text,
	"authorities" text,
	"access_token_validity" bigint DEFAULT 3600 NOT NULL,
	"refresh_token_validity" bigint DEFAULT 604800 NOT NULL,
	"additional_information" text,
	"autoapprove" text
);
--> statement-breakpoint
CREATE TABLE "blade_dept" (
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
	"parent_id" text DEFAULT '0' NOT NULL,
	"ancestors" text DEFAULT '0' NOT NULL,
	"dept_category" bigint DEFAULT 1 NOT NULL,
	"dept_name" text NOT NULL,
	"full_name" text,
	"sort" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_dict" (
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
	"parent_id" text DEFAULT '0' NOT NULL,
	"code" text NOT NULL,
	"dict_key" text NOT NULL,
	"dict_value" text NOT NULL,
	"dict_value_en" text,
	"sort" bigint DEFAULT 0 NOT NULL,
	"is_sealed" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_dict_biz" (
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
	"parent_id" text DEFAULT '0' NOT NULL,
	"code" text NOT NULL,
	"dict_key" text NOT NULL,
	"dict_value" text NOT NULL,
	"dict_value_en" text,
	"sort" bigint DEFAULT 0 NOT NULL,
	"is_sealed" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_menu" (
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
	"parent_id" text DEFAULT '0' NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"alias" text,
	"path" text,
	"source" text,
	"sort" bigint DEFAULT 0 NOT NULL,
	"category" bigint DEFAULT 1 NOT NULL,
	"action" bigint DEFAULT 0 NOT NULL,
	"is_open" bigint DEFAULT 0 NOT NULL,
	"component" text
);
--> statement-breakpoint
CREATE TABLE "blade_param" (
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
	"param_name" text NOT NULL,
	"param_key" text NOT NULL,
	"param_value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_post" (
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
	"category" bigint DEFAULT 1 NOT NULL,
	"post_code" text NOT NULL,
	"post_name" text NOT NULL,
	"sort" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_region" (
	"code" text PRIMARY KEY NOT NULL,
	"parent_code" text DEFAULT '00' NOT NULL,
	"ancestors" text DEFAULT '00' NOT NULL,
	"name" text NOT NULL,
	"region_level" bigint DEFAULT 1 NOT NULL,
	"sort" bigint DEFAULT 0 NOT NULL,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "blade_role" (
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
	"parent_id" text DEFAULT '0' NOT NULL,
	"role_name" text NOT NULL,
	"sort" bigint DEFAULT 0 NOT NULL,
	"role_alias" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_role_menu" (
	"id" text PRIMARY KEY NOT NULL,
	"role_id" text NOT NULL,
	"menu_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_role_scope" (
	"id" text PRIMARY KEY NOT NULL,
	"scope_category" bigint NOT NULL,
	"scope_id" text NOT NULL,
	"role_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_scope_api" (
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
	"menu_id" text NOT NULL,
	"resource_code" text NOT NULL,
	"scope_name" text NOT NULL,
	"scope_path" text NOT NULL,
	"scope_type" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_scope_data" (
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
	"menu_id" text NOT NULL,
	"resource_code" text NOT NULL,
	"scope_name" text NOT NULL,
	"scope_column" text DEFAULT 'create_dept' NOT NULL,
	"scope_type" bigint DEFAULT 1 NOT NULL,
	"scope_value" text
);
--> statement-breakpoint
CREATE TABLE "blade_tenant" (
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
	"tenant_name" text NOT NULL,
	"domain" text,
	"background_url" text,
	"linkman" text,
	"contact_number" text,
	"address" text,
	"account_number" bigint DEFAULT -1 NOT NULL,
	"expire_time" text,
	"package_id" text,
	"datasource_id" text,
	"license_key" text
);
--> statement-breakpoint
CREATE TABLE "blade_tenant_package" (
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
	"package_name" text NOT NULL,
	"menu_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_top_menu" (
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
	"alias" text,
	"source" text,
	"path" text,
	"sort" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_top_menu_setting" (
	"id" text PRIMARY KEY NOT NULL,
	"top_menu_id" text NOT NULL,
	"menu_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_user" (
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
	"code" text,
	"user_type" bigint DEFAULT 1 NOT NULL,
	"account" text NOT NULL,
	"password" text NOT NULL,
	"name" text,
	"real_name" text,
	"avatar" text,
	"email" text,
	"phone" text,
	"birthday" text,
	"sex" bigint,
	"role_id" text DEFAULT '' NOT NULL,
	"dept_id" text DEFAULT '' NOT NULL,
	"post_id" text,
	"oauth_id" text,
	"user_ext" text,
	"fail_count" bigint DEFAULT 0 NOT NULL,
	"locked" bigint DEFAULT 0 NOT NULL,
	"locked_until" bigint
);
--> statement-breakpoint
CREATE TABLE "blade_captcha" (
	"key" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_session" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"client_id" text NOT NULL,
	"refresh_hash" text NOT NULL,
	"refresh_expires_at" bigint NOT NULL,
	"revoked" bigint DEFAULT 0 NOT NULL,
	"create_time" text NOT NULL,
	"role_ids" text DEFAULT '' NOT NULL,
	"dept_ids" text DEFAULT '' NOT NULL,
	"absolute_expires_at" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_session_spent" (
	"refresh_hash" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_sms_code" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"phone" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"sent_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"attempts" bigint DEFAULT 0 NOT NULL,
	"consumed" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" bigint NOT NULL,
	"window_ends" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_user_oauth" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"uuid" text NOT NULL,
	"user_id" text,
	"source" text NOT NULL,
	"username" text,
	"nickname" text,
	"avatar" text,
	"email" text,
	"create_time" text
);
--> statement-breakpoint
CREATE TABLE "blade_log_api" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text DEFAULT '000000' NOT NULL,
	"service_id" text DEFAULT 'atrium' NOT NULL,
	"server_host" text,
	"server_ip" text,
	"env" text,
	"type" text,
	"title" text,
	"method" text,
	"request_uri" text,
	"user_agent" text,
	"remote_ip" text,
	"params" text,
	"time" bigint,
	"create_by" text,
	"create_time" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_log_error" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text DEFAULT '000000' NOT NULL,
	"service_id" text DEFAULT 'atrium' NOT NULL,
	"server_host" text,
	"server_ip" text,
	"env" text,
	"type" text,
	"title" text,
	"method" text,
	"request_uri" text,
	"user_agent" text,
	"remote_ip" text,
	"params" text,
	"time" bigint,
	"create_by" text,
	"create_time" text NOT NULL,
	"stack_trace" text,
	"exception_name" text,
	"message" text,
	"file_name" text,
	"line_number" bigint
);
--> statement-breakpoint
CREATE TABLE "blade_log_usual" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text DEFAULT '000000' NOT NULL,
	"service_id" text DEFAULT 'atrium' NOT NULL,
	"server_host" text,
	"server_ip" text,
	"env" text,
	"type" text,
	"title" text,
	"method" text,
	"request_uri" text,
	"user_agent" text,
	"remote_ip" text,
	"params" text,
	"time" bigint,
	"create_by" text,
	"create_time" text NOT NULL,
	"log_level" text,
	"log_id" text,
	"log_data" text
);
--> statement-breakpoint
CREATE TABLE "blade_message" (
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
	"type" bigint DEFAULT 1 NOT NULL,
	"title" text NOT NULL,
	"content" text,
	"receivers" text,
	"create_user_name" text
);
--> statement-breakpoint
CREATE TABLE "blade_message_recipient" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"message_id" text NOT NULL,
	"user_id" text NOT NULL,
	"is_read" bigint DEFAULT 1 NOT NULL,
	"is_deleted" bigint DEFAULT 0 NOT NULL,
	"read_time" text
);
--> statement-breakpoint
CREATE TABLE "blade_attach" (
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
	"link" text NOT NULL,
	"domain" text,
	"name" text NOT NULL,
	"original_name" text,
	"extension" text,
	"attach_size" bigint DEFAULT 0 NOT NULL,
	"content_type" text,
	"kind" text DEFAULT 'image' NOT NULL,
	"is_public" bigint DEFAULT 1 NOT NULL,
	"oss_id" text
);
--> statement-breakpoint
CREATE TABLE "blade_oss" (
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
	"oss_code" text NOT NULL,
	"category" bigint DEFAULT 2 NOT NULL,
	"endpoint" text,
	"bucket_name" text,
	"access_key" text,
	"secret_key" text,
	"region" text,
	"is_enabled" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_job" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text DEFAULT '000000' NOT NULL,
	"kind" text NOT NULL,
	"ref" text,
	"payload" text DEFAULT '{}' NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" bigint DEFAULT 0 NOT NULL,
	"max_attempts" bigint DEFAULT 3 NOT NULL,
	"run_after" bigint DEFAULT 0 NOT NULL,
	"progress" bigint DEFAULT 0 NOT NULL,
	"last_error" text,
	"lease_owner" text,
	"lease_until" bigint,
	"create_time" text,
	"update_time" text
);
--> statement-breakpoint
CREATE TABLE "hm_course" (
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
	"type" bigint DEFAULT 1 NOT NULL,
	"cover" text,
	"title" text NOT NULL,
	"special_id" bigint,
	"cate_id" bigint,
	"level_id" bigint,
	"intro" text,
	"content" text,
	"standard" text,
	"position" text,
	"target" text,
	"is_auth" bigint DEFAULT 0 NOT NULL,
	"sort" bigint DEFAULT 0 NOT NULL,
	"is_hot" bigint DEFAULT 0 NOT NULL,
	"hot_sort" bigint DEFAULT 0 NOT NULL,
	"is_practice" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hm_course_card" (
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
	"card_number" text NOT NULL,
	"type" bigint DEFAULT 1 NOT NULL,
	"course_id" text NOT NULL,
	"batch_no" text,
	"user_id" text,
	"use_time" text,
	"expire_time" text
);
--> statement-breakpoint
CREATE TABLE "hm_course_evaluate" (
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
	"user_id" text NOT NULL,
	"target_evaluate" bigint NOT NULL,
	"content_evaluate" bigint NOT NULL,
	"method_evaluate" bigint NOT NULL,
	"effect_evaluate" bigint NOT NULL,
	"evaluate" text
);
--> statement-breakpoint
CREATE TABLE "hm_course_section" (
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
	"title" text NOT NULL,
	"content" text,
	"sort" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_course_series" (
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
	"series_id" text NOT NULL,
	"course_id" text NOT NULL,
	"sort" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hm_course_statistics" (
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
	"section_id" text,
	"ware_id" text NOT NULL,
	"user_id" text NOT NULL,
	"position" double precision DEFAULT 0 NOT NULL,
	"progress" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hm_course_user" (
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
	"user_id" text NOT NULL,
	"source" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hm_course_ware" (
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
	"title" text NOT NULL,
	"screen" bigint NOT NULL,
	"type" bigint NOT NULL,
	"file_address" text,
	"save_type" bigint DEFAULT 0 NOT NULL,
	"save_key" text,
	"is_transcoding" bigint DEFAULT 0 NOT NULL,
	"transcoding_status" bigint,
	"play_address" text,
	"play_time" bigint,
	"content" text,
	"token" text,
	"skey" text
);
--> statement-breakpoint
CREATE TABLE "hm_course_section_download" (
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
	"section_id" text NOT NULL,
	"download_id" text NOT NULL,
	"sort" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hm_course_section_question" (
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
	"section_id" text NOT NULL,
	"question_id" text NOT NULL,
	"sort" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hm_course_section_ware" (
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
	"section_id" text NOT NULL,
	"ware_id" text NOT NULL,
	"sort" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_series" (
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
	"cover" text,
	"title" text NOT NULL,
	"intro" text,
	"content" text,
	"sort" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hm_ware_step" (
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
	"ware_id" text NOT NULL,
	"title" text NOT NULL,
	"content" text,
	"sort" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wp_banner" (
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
	"cover" text NOT NULL,
	"title" text NOT NULL,
	"subtitle" text,
	"position" bigint DEFAULT 1 NOT NULL,
	"href" text,
	"target" bigint DEFAULT 1 NOT NULL,
	"sort" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_blog" (
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
	"title" text NOT NULL,
	"category" bigint NOT NULL,
	"release_time" text NOT NULL,
	"cover" text,
	"summary" text
);
--> statement-breakpoint
CREATE TABLE "blade_blog_detail" (
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
	"blog_id" text NOT NULL,
	"content" text
);
--> statement-breakpoint
CREATE TABLE "cloud_document" (
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
	"folder_id" text NOT NULL,
	"title" text NOT NULL,
	"file_address" text,
	"file_type" text,
	"file_size" bigint DEFAULT 0 NOT NULL,
	"intro" text,
	"sort" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cloud_folder" (
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
	"parent_id" text DEFAULT '0' NOT NULL,
	"name" text NOT NULL,
	"sort" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hm_download" (
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
	"cover" text,
	"title" text NOT NULL,
	"file_address" text NOT NULL,
	"intro" text,
	"file_size" double precision DEFAULT 0 NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"tag" bigint
);
--> statement-breakpoint
CREATE TABLE "blade_download_message" (
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
	"phone" text NOT NULL,
	"email" text,
	"unit" text,
	"qq" text,
	"wechat" text,
	"birthday" text,
	"category" text,
	"download_file_id" text
);
--> statement-breakpoint
CREATE TABLE "blade_perm_version" (
	"id" bigint PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hm_exam_group" (
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
	"category" text,
	"title" text NOT NULL,
	"cover" text,
	"class_ids" text NOT NULL,
	"student_ids" text NOT NULL,
	"student_number" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hm_paper" (
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
	"type" bigint DEFAULT 2 NOT NULL,
	"score" double precision DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hm_paper_answer" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"paper_time_user_id" text NOT NULL,
	"question_id" text NOT NULL,
	"answer" text NOT NULL,
	"version" bigint NOT NULL,
	"save_time" text NOT NULL,
	"score" double precision,
	"correct" bigint,
	"comment" text
);
--> statement-breakpoint
CREATE TABLE "hm_paper_question" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"paper_id" text NOT NULL,
	"question_id" text NOT NULL,
	"score" double precision NOT NULL,
	"sort" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hm_paper_time" (
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
	"title" text NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"duration" bigint DEFAULT 60 NOT NULL,
	"paper_ids" text NOT NULL,
	"group_ids" text,
	"class_ids" text,
	"candidates_number" bigint DEFAULT 0 NOT NULL,
	"content" text,
	"show_score" bigint DEFAULT 1 NOT NULL,
	"shuffle" bigint DEFAULT 0 NOT NULL,
	"category" bigint DEFAULT 0 NOT NULL,
	"cover" text,
	"distributed" bigint DEFAULT 0 NOT NULL,
	"distribute_time" text
);
--> statement-breakpoint
CREATE TABLE "hm_paper_time_user" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"paper_time_id" text NOT NULL,
	"user_id" text NOT NULL,
	"user_name" text,
	"class_id" text,
	"paper_id" text NOT NULL,
	"state" bigint DEFAULT 1 NOT NULL,
	"start_time" text NOT NULL,
	"deadline" bigint NOT NULL,
	"submit_time" text,
	"submit_kind" bigint,
	"objective_score" double precision,
	"subjective_score" double precision,
	"score" double precision,
	"correct_user" text,
	"correct_time" text
);
--> statement-breakpoint
CREATE TABLE "hm_question" (
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
	"cover" text,
	"title" text,
	"content" text NOT NULL,
	"exam_center" text,
	"analysis" text,
	"answer_id" text,
	"end_ip" text,
	"author" text,
	"type" bigint NOT NULL,
	"hard" bigint DEFAULT 1 NOT NULL,
	"answer" text,
	"course_name" text,
	"bank_type" text,
	"score" double precision DEFAULT 1 NOT NULL,
	"experiment_id" text
);
--> statement-breakpoint
CREATE TABLE "hm_question_blank" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"question_id" text NOT NULL,
	"blank_no" bigint NOT NULL,
	"answer" text NOT NULL,
	"sort" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hm_question_collect" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"user_id" text NOT NULL,
	"question_id" text NOT NULL,
	"create_time" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hm_question_error" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"user_id" text NOT NULL,
	"question_id" text NOT NULL,
	"last_answer" text NOT NULL,
	"times" bigint DEFAULT 1 NOT NULL,
	"update_time" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hm_question_option" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"question_id" text NOT NULL,
	"label" text NOT NULL,
	"content" text NOT NULL,
	"is_correct" bigint DEFAULT 0 NOT NULL,
	"fraction" double precision,
	"sort" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hm_team" (
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
	"cover" text,
	"intro" text,
	"paper_id" text
);
--> statement-breakpoint
CREATE TABLE "hm_team_user" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"team_id" text NOT NULL,
	"user_id" text NOT NULL,
	"class_id" text,
	"create_time" text
);
--> statement-breakpoint
CREATE TABLE "mqtt_incoming" (
	"client_id" text NOT NULL,
	"message_id" bigint NOT NULL,
	"packet" text NOT NULL,
	"payload" "bytea",
	CONSTRAINT "mqtt_incoming_client_id_message_id_pk" PRIMARY KEY("client_id","message_id")
);
--> statement-breakpoint
CREATE TABLE "mqtt_outgoing" (
	"seq" bigint PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "mqtt_outgoing_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" text NOT NULL,
	"broker_id" text,
	"broker_counter" bigint,
	"message_id" bigint,
	"packet" text NOT NULL,
	"payload" "bytea"
);
--> statement-breakpoint
CREATE TABLE "mqtt_retained" (
	"seq" bigint PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "mqtt_retained_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"topic" text NOT NULL,
	"packet" text NOT NULL,
	"payload" "bytea",
	"size" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "mqtt_retained_topic_unique" UNIQUE("topic")
);
--> statement-breakpoint
CREATE TABLE "mqtt_subscription" (
	"client_id" text NOT NULL,
	"topic" text NOT NULL,
	"qos" bigint NOT NULL,
	"options" text,
	CONSTRAINT "mqtt_subscription_client_id_topic_pk" PRIMARY KEY("client_id","topic")
);
--> statement-breakpoint
CREATE TABLE "mqtt_will" (
	"client_id" text PRIMARY KEY NOT NULL,
	"broker_id" text NOT NULL,
	"packet" text NOT NULL,
	"payload" "bytea"
);
--> statement-breakpoint
CREATE TABLE "blade_command" (
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
	"product_id" text NOT NULL,
	"device_id" text,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"timeout" bigint DEFAULT 10 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_command_detail" (
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
	"command_id" text NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"type" text DEFAULT 'string' NOT NULL,
	"required" bigint DEFAULT 0 NOT NULL,
	"default_value" text,
	"options" text,
	"sort" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_command_record" (
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
	"command_id" text NOT NULL,
	"device_id" text NOT NULL,
	"params" text,
	"state" bigint DEFAULT 0 NOT NULL,
	"answer" text,
	"ack_time" text,
	"answer_time" text,
	"deadline" text
);
--> statement-breakpoint
CREATE TABLE "blade_device" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text DEFAULT '000000' NOT NULL,
	"status" bigint DEFAULT 0 NOT NULL,
	"is_deleted" bigint DEFAULT 0 NOT NULL,
	"remark" text,
	"create_user" text,
	"create_dept" text,
	"create_time" text,
	"update_user" text,
	"update_time" text,
	"name" text NOT NULL,
	"serial_no" text,
	"product_id" text NOT NULL,
	"sn" text NOT NULL,
	"lat" double precision,
	"lon" double precision,
	"active_time" text,
	"last_seen" text,
	"secret" text,
	"addr" text,
	"firm_version" text
);
--> statement-breakpoint
CREATE TABLE "blade_device_connection" (
	"id" text PRIMARY KEY NOT NULL,
	"device_id" text NOT NULL,
	"process_id" text NOT NULL,
	"create_time" text
);
--> statement-breakpoint
CREATE TABLE "blade_device_log" (
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
	"device_id" text NOT NULL,
	"product_id" text NOT NULL,
	"type" text NOT NULL,
	"content" text
);
--> statement-breakpoint
CREATE TABLE "blade_ota_task" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"ota_id" text NOT NULL,
	"device_id" text NOT NULL,
	"cohort" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"progress" bigint DEFAULT 0 NOT NULL,
	"error" text,
	"attempts" bigint DEFAULT 0 NOT NULL,
	"update_time" text
);
--> statement-breakpoint
CREATE TABLE "blade_product" (
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
	"category_id" bigint,
	"img_url" text,
	"topic" text,
	"product_key" text,
	"product_secret" text,
	"keep_alive_time" bigint DEFAULT 60 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_product_ota" (
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
	"product_id" text NOT NULL,
	"firm_version" text NOT NULL,
	"firm_file" text,
	"firm_files" text,
	"devices" text,
	"grey_percent" bigint DEFAULT 10 NOT NULL,
	"success_threshold" bigint DEFAULT 90 NOT NULL,
	"error_threshold" bigint DEFAULT 20 NOT NULL,
	"phase" text DEFAULT 'draft' NOT NULL,
	"paused_phase" text
);
--> statement-breakpoint
CREATE TABLE "hm_experiment" (
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
	"title" text NOT NULL,
	"cover" text,
	"folders" text,
	"images_name" text NOT NULL,
	"ware_name" text,
	"video_ware_name" text,
	"env" text,
	"duration_minutes" bigint DEFAULT 60 NOT NULL,
	"renew_minutes" bigint DEFAULT 30 NOT NULL,
	"max_renewals" bigint DEFAULT 3 NOT NULL,
	"idle_minutes" bigint DEFAULT 15 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hm_experiment_step" (
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
	"experiment_id" text NOT NULL,
	"title" text NOT NULL,
	"content" text,
	"sort" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_experiment_user" (
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
	"experiment_id" text NOT NULL,
	"user_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lab_host" (
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
	"endpoint" text NOT NULL,
	"tls_ca" text,
	"tls_cert" text,
	"tls_key" text,
	"max_labs" bigint DEFAULT 60 NOT NULL,
	"enabled" bigint DEFAULT 1 NOT NULL,
	"state" text DEFAULT 'unknown' NOT NULL,
	"version" text,
	"down_since" text,
	"checked_at" text
);
--> statement-breakpoint
CREATE TABLE "hm_images" (
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
	"title" text NOT NULL,
	"image_id" text NOT NULL,
	"type" text,
	"experiment_type" text,
	"spec" text,
	"code_path" text DEFAULT '/workspace' NOT NULL,
	"pwds" text,
	"securitys" text DEFAULT 'none' NOT NULL,
	"path" text DEFAULT '/bin/sh' NOT NULL,
	"cpus" double precision DEFAULT 1 NOT NULL,
	"memory_mb" bigint DEFAULT 256 NOT NULL,
	"pids_limit" bigint DEFAULT 128 NOT NULL,
	"workspace_mb" bigint DEFAULT 100 NOT NULL,
	"service" text DEFAULT 'terminal' NOT NULL,
	"web_port" bigint,
	"cap_add" text,
	"read_only_root" bigint DEFAULT 1 NOT NULL,
	"pool_size" bigint DEFAULT 0 NOT NULL,
	"build_state" bigint DEFAULT 0 NOT NULL,
	"build_log" text
);
--> statement-breakpoint
CREATE TABLE "hm_user_container" (
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
	"experiment_id" text NOT NULL,
	"user_id" text NOT NULL,
	"image_row_id" text NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"container_id" text,
	"volume" text,
	"network" text,
	"start_time" text,
	"expire_time" text,
	"renewals" bigint DEFAULT 0 NOT NULL,
	"last_active" text,
	"end_time" text,
	"end_reason" text,
	"host" text
);
--> statement-breakpoint
CREATE TABLE "blade_notice" (
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
	"title" text NOT NULL,
	"category" bigint DEFAULT 1 NOT NULL,
	"release_time" text,
	"content" text
);
--> statement-breakpoint
CREATE TABLE "blade_user_dept" (
	"tenant_id" text NOT NULL,
	"user_id" text NOT NULL,
	"dept_id" text NOT NULL,
	CONSTRAINT "blade_user_dept_user_id_dept_id_pk" PRIMARY KEY("user_id","dept_id")
);
--> statement-breakpoint
CREATE TABLE "blade_user_post" (
	"tenant_id" text NOT NULL,
	"user_id" text NOT NULL,
	"post_id" text NOT NULL,
	CONSTRAINT "blade_user_post_user_id_post_id_pk" PRIMARY KEY("user_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "blade_user_role" (
	"tenant_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role_id" text NOT NULL,
	CONSTRAINT "blade_user_role_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "blade_process" (
	"id" text PRIMARY KEY NOT NULL,
	"node" text NOT NULL,
	"pid" bigint NOT NULL,
	"start_time" text,
	"lease_until" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_schedule_run" (
	"key" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"at" bigint NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ux_client_id" ON "blade_client" USING btree ("client_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "ix_dept_scoped" ON "blade_dept" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE INDEX "ix_dict_code" ON "blade_dict" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "ux_dict_code_key" ON "blade_dict" USING btree ("code","dict_key") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "ix_dict_biz_code" ON "blade_dict_biz" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "ix_dict_biz_scoped" ON "blade_dict_biz" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ux_dict_biz_code_key" ON "blade_dict_biz" USING btree ("tenant_id","code","dict_key") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "ix_menu_parent" ON "blade_menu" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ux_menu_code" ON "blade_menu" USING btree ("code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "ix_param_key" ON "blade_param" USING btree ("tenant_id","param_key");--> statement-breakpoint
CREATE INDEX "ix_param_scoped" ON "blade_param" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ux_param_key" ON "blade_param" USING btree ("tenant_id","param_key") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "ix_post_scoped" ON "blade_post" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ux_post_code" ON "blade_post" USING btree ("tenant_id","post_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "ix_role_scoped" ON "blade_role" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ux_role_alias" ON "blade_role" USING btree ("tenant_id","role_alias") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "ix_role_menu_role" ON "blade_role_menu" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "ix_role_scope_role" ON "blade_role_scope" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_tenant_tenant_id" ON "blade_tenant" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ux_tenant_domain" ON "blade_tenant" USING btree ("domain") WHERE is_deleted = 0 AND domain <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "ux_top_menu_code" ON "blade_top_menu" USING btree ("code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "ix_user_tenant_account" ON "blade_user" USING btree ("tenant_id","account");--> statement-breakpoint
CREATE INDEX "ix_user_scoped" ON "blade_user" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ux_user_account" ON "blade_user" USING btree ("tenant_id","account") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "ix_session_refresh" ON "blade_session" USING btree ("refresh_hash");--> statement-breakpoint
CREATE INDEX "ix_session_user" ON "blade_session" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ux_sms_code" ON "blade_sms_code" USING btree ("tenant_id","phone","purpose");--> statement-breakpoint
CREATE INDEX "ix_sms_code_expires" ON "blade_sms_code" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "ix_throttle_window" ON "blade_throttle" USING btree ("window_ends");--> statement-breakpoint
CREATE INDEX "ix_log_api_tenant" ON "blade_log_api" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "ix_log_api_id" ON "blade_log_api" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "ix_log_error_tenant" ON "blade_log_error" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "ix_log_error_id" ON "blade_log_error" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "ix_log_usual_tenant" ON "blade_log_usual" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "ix_log_usual_id" ON "blade_log_usual" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "ix_msg_rcpt_user" ON "blade_message_recipient" USING btree ("user_id","is_read");--> statement-breakpoint
CREATE INDEX "ix_attach_name" ON "blade_attach" USING btree ("name");--> statement-breakpoint
CREATE INDEX "ix_attach_scoped" ON "blade_attach" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE INDEX "ix_attach_uploader" ON "blade_attach" USING btree ("tenant_id","create_user","create_time","is_deleted","attach_size");--> statement-breakpoint
CREATE INDEX "ix_oss_scoped" ON "blade_oss" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE INDEX "ix_job_pick" ON "blade_job" USING btree ("state","run_after");--> statement-breakpoint
CREATE INDEX "ix_job_ref" ON "blade_job" USING btree ("kind","ref");--> statement-breakpoint
CREATE INDEX "ix_course_scoped" ON "hm_course" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_course_card_tenant_number" ON "hm_course_card" USING btree ("tenant_id","card_number");--> statement-breakpoint
CREATE INDEX "ix_course_card_scoped" ON "hm_course_card" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_course_evaluate" ON "hm_course_evaluate" USING btree ("tenant_id","course_id","user_id");--> statement-breakpoint
CREATE INDEX "ix_course_evaluate_scoped" ON "hm_course_evaluate" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE INDEX "ix_section_course" ON "hm_course_section" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "ix_course_section_scoped" ON "hm_course_section" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE INDEX "ix_course_series_series" ON "blade_course_series" USING btree ("series_id");--> statement-breakpoint
CREATE INDEX "ix_course_series_scoped" ON "blade_course_series" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_course_statistics" ON "hm_course_statistics" USING btree ("tenant_id","user_id","ware_id");--> statement-breakpoint
CREATE INDEX "ix_course_statistics_course" ON "hm_course_statistics" USING btree ("course_id","user_id");--> statement-breakpoint
CREATE INDEX "ix_course_statistics_scoped" ON "hm_course_statistics" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_course_user" ON "hm_course_user" USING btree ("tenant_id","course_id","user_id");--> statement-breakpoint
CREATE INDEX "ix_course_user_user" ON "hm_course_user" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ix_course_user_scoped" ON "hm_course_user" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE INDEX "ix_course_ware_scoped" ON "hm_course_ware" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE INDEX "ix_section_download" ON "hm_course_section_download" USING btree ("section_id");--> statement-breakpoint
CREATE INDEX "ix_section_download_scoped" ON "hm_course_section_download" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE INDEX "ix_section_question" ON "hm_course_section_question" USING btree ("section_id");--> statement-breakpoint
CREATE INDEX "ix_section_question_scoped" ON "hm_course_section_question" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE INDEX "ix_section_ware" ON "hm_course_section_ware" USING btree ("section_id");--> statement-breakpoint
CREATE INDEX "ix_section_ware_scoped" ON "hm_course_section_ware" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE INDEX "ix_series_scoped" ON "blade_series" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE INDEX "ix_ware_step_ware" ON "hm_ware_step" USING btree ("ware_id");--> statement-breakpoint
CREATE INDEX "ix_ware_step_scoped" ON "hm_ware_step" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE INDEX "ix_banner_scoped" ON "wp_banner" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE INDEX "ix_blog_scoped" ON "blade_blog" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE INDEX "ix_blog_detail_blog" ON "blade_blog_detail" USING btree ("blog_id");--> statement-breakpoint
CREATE INDEX "ix_blog_detail_scoped" ON "blade_blog_detail" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE INDEX "ix_cloud_document_folder" ON "cloud_document" USING btree ("folder_id");--> statement-breakpoint
CREATE INDEX "ix_cloud_document_scoped" ON "cloud_document" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE INDEX "ix_cloud_folder_parent" ON "cloud_folder" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "ix_cloud_folder_scoped" ON "cloud_folder" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE INDEX "ix_download_scoped" ON "hm_download" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE INDEX "ix_download_message_scoped" ON "blade_download_message" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE INDEX "ix_hm_exam_group_scoped" ON "hm_exam_group" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE INDEX "ix_hm_paper_scoped" ON "hm_paper" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ux_hm_paper_answer" ON "hm_paper_answer" USING btree ("paper_time_user_id","question_id");--> statement-breakpoint
CREATE INDEX "ix_hm_paper_question_p" ON "hm_paper_question" USING btree ("paper_id","sort");--> statement-breakpoint
CREATE INDEX "ix_hm_paper_time_scoped" ON "hm_paper_time" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ux_hm_ptu_user" ON "hm_paper_time_user" USING btree ("paper_time_id","user_id");--> statement-breakpoint
CREATE INDEX "ix_hm_ptu_deadline" ON "hm_paper_time_user" USING btree ("state","deadline");--> statement-breakpoint
CREATE INDEX "ix_hm_question_scoped" ON "hm_question" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE INDEX "ix_hm_question_type" ON "hm_question" USING btree ("tenant_id","type","hard");--> statement-breakpoint
CREATE INDEX "ix_hm_question_blank_q" ON "hm_question_blank" USING btree ("question_id","blank_no","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "ux_hm_question_collect" ON "hm_question_collect" USING btree ("user_id","question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ux_hm_question_error" ON "hm_question_error" USING btree ("user_id","question_id");--> statement-breakpoint
CREATE INDEX "ix_hm_question_option_q" ON "hm_question_option" USING btree ("question_id","sort");--> statement-breakpoint
CREATE INDEX "ix_hm_team_scoped" ON "hm_team" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ux_hm_team_user" ON "hm_team_user" USING btree ("team_id","user_id");--> statement-breakpoint
CREATE INDEX "ix_mqtt_outgoing_client" ON "mqtt_outgoing" USING btree ("client_id","seq");--> statement-breakpoint
CREATE INDEX "ix_mqtt_outgoing_msg" ON "mqtt_outgoing" USING btree ("client_id","message_id");--> statement-breakpoint
CREATE INDEX "ix_command_scoped" ON "blade_command" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE INDEX "ix_command_product" ON "blade_command" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "ix_command_detail_scoped" ON "blade_command_detail" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE INDEX "ix_command_detail_cmd" ON "blade_command_detail" USING btree ("command_id");--> statement-breakpoint
CREATE INDEX "ix_command_record_scoped" ON "blade_command_record" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE INDEX "ix_command_record_device" ON "blade_command_record" USING btree ("device_id","id");--> statement-breakpoint
CREATE INDEX "ix_device_scoped" ON "blade_device" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE INDEX "ix_device_product_sn" ON "blade_device" USING btree ("product_id","sn","is_deleted");--> statement-breakpoint
CREATE UNIQUE INDEX "ux_device_product_sn" ON "blade_device" USING btree ("product_id","sn") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "ix_device_connection_device" ON "blade_device_connection" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "ix_device_connection_process" ON "blade_device_connection" USING btree ("process_id");--> statement-breakpoint
CREATE INDEX "ix_device_log_scoped" ON "blade_device_log" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE INDEX "ix_device_log_device" ON "blade_device_log" USING btree ("device_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "ux_ota_task" ON "blade_ota_task" USING btree ("ota_id","device_id");--> statement-breakpoint
CREATE INDEX "ix_ota_task_device" ON "blade_ota_task" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "ix_product_scoped" ON "blade_product" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ux_product_key" ON "blade_product" USING btree ("product_key");--> statement-breakpoint
CREATE INDEX "ix_product_ota_scoped" ON "blade_product_ota" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE INDEX "ix_experiment_scoped" ON "hm_experiment" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE INDEX "ix_experiment_step" ON "hm_experiment_step" USING btree ("experiment_id");--> statement-breakpoint
CREATE INDEX "ix_experiment_user" ON "blade_experiment_user" USING btree ("experiment_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ux_lab_host_name" ON "lab_host" USING btree ("name");--> statement-breakpoint
CREATE INDEX "ix_lab_image_scoped" ON "hm_images" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE INDEX "ix_user_container_owner" ON "hm_user_container" USING btree ("tenant_id","user_id","experiment_id","state");--> statement-breakpoint
CREATE INDEX "ix_user_container_state" ON "hm_user_container" USING btree ("state");--> statement-breakpoint
CREATE INDEX "ix_notice_scoped" ON "blade_notice" USING btree ("tenant_id","is_deleted","id");--> statement-breakpoint
CREATE INDEX "ix_user_dept_dept" ON "blade_user_dept" USING btree ("dept_id","user_id");--> statement-breakpoint
CREATE INDEX "ix_user_post_post" ON "blade_user_post" USING btree ("post_id","user_id");--> statement-breakpoint
CREATE INDEX "ix_user_role_role" ON "blade_user_role" USING btree ("role_id","user_id");--> statement-breakpoint
CREATE INDEX "ix_process_lease" ON "blade_process" USING btree ("lease_until");--> statement-breakpoint
CREATE INDEX "ix_schedule_run_at" ON "blade_schedule_run" USING btree ("at");