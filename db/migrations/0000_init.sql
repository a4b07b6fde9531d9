CREATE TABLE `blade_client` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`remark` text,
	`create_user` text,
	`create_dept` text,
	`create_time` text,
	`update_user` text,
	`update_time` text,
	`client_id` text NOT NULL,
	`client_secret` text NOT NULL,
	`resource_ids` text,
	`scope` text DEFAULT 'all' NOT NULL,
	`authorized_grant_types` text DEFAULT 'refresh_token,password,captcha' NOT NULL,
	`web_server_redirect_uri` text,
	`authorities` text,
	`access_token_validity` integer DEFAULT 3600 NOT NULL,
	`refresh_token_validity` integer DEFAULT 604800 NOT NULL,
	`additional_information` text,
	`autoapprove` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uq_client_client_id` ON `blade_client` (`client_id`);--> statement-breakpoint
CREATE TABLE `blade_dept` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`remark` text,
	`create_user` text,
	`create_dept` text,
	`create_time` text,
	`update_user` text,
	`update_time` text,
	`parent_id` text DEFAULT '0' NOT NULL,
	`ancestors` text DEFAULT '0' NOT NULL,
	`dept_category` integer DEFAULT 1 NOT NULL,
	`dept_name` text NOT NULL,
	`full_name` text,
	`sort` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `blade_dict` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`remark` text,
	`create_user` text,
	`create_dept` text,
	`create_time` text,
	`update_user` text,
	`update_time` text,
	`parent_id` text DEFAULT '0' NOT NULL,
	`code` text NOT NULL,
	`dict_key` text NOT NULL,
	`dict_value` text NOT NULL,
	`dict_value_en` text,
	`sort` integer DEFAULT 0 NOT NULL,
	`is_sealed` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_dict_code` ON `blade_dict` (`code`);--> statement-breakpoint
CREATE TABLE `blade_dict_biz` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`remark` text,
	`create_user` text,
	`create_dept` text,
	`create_time` text,
	`update_user` text,
	`update_time` text,
	`parent_id` text DEFAULT '0' NOT NULL,
	`code` text NOT NULL,
	`dict_key` text NOT NULL,
	`dict_value` text NOT NULL,
	`dict_value_en` text,
	`sort` integer DEFAULT 0 NOT NULL,
	`is_sealed` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_dict_biz_code` ON `blade_dict_biz` (`tenant_id`,`code`);--> statement-breakpoint
CREATE TABLE `blade_menu` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`remark` text,
	`create_user` text,
	`create_dept` text,
	`create_time` text,
	`update_user` text,
	`update_time` text,
	`parent_id` text DEFAULT '0' NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`alias` text,
	`path` text,
	`source` text,
	`sort` integer DEFAULT 0 NOT NULL,
	`category` integer DEFAULT 1 NOT NULL,
	`action` integer DEFAULT 0 NOT NULL,
	`is_open` integer DEFAULT 0 NOT NULL,
	`component` text
);
--> statement-breakpoint
CREATE INDEX `ix_menu_parent` ON `blade_menu` (`parent_id`);--> statement-breakpoint
CREATE TABLE `blade_param` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`remark` text,
	`create_user` text,
	`create_dept` text,
	`create_time` text,
	`update_user` text,
	`update_time` text,
	`param_name` text NOT NULL,
	`param_key` text NOT NULL,
	`param_value` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_param_key` ON `blade_param` (`tenant_id`,`param_key`);--> statement-breakpoint
CREATE TABLE `blade_post` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`remark` text,
	`create_user` text,
	`create_dept` text,
	`create_time` text,
	`update_user` text,
	`update_time` text,
	`category` integer DEFAULT 1 NOT NULL,
	`post_code` text NOT NULL,
	`post_name` text NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `blade_region` (
	`code` text PRIMARY KEY NOT NULL,
	`parent_code` text DEFAULT '00' NOT NULL,
	`ancestors` text DEFAULT '00' NOT NULL,
	`name` text NOT NULL,
	`region_level` integer DEFAULT 1 NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL,
	`remark` text
);
--> statement-breakpoint
CREATE TABLE `blade_role` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`remark` text,
	`create_user` text,
	`create_dept` text,
	`create_time` text,
	`update_user` text,
	`update_time` text,
	`parent_id` text DEFAULT '0' NOT NULL,
	`role_name` text NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL,
	`role_alias` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `blade_role_menu` (
	`id` text PRIMARY KEY NOT NULL,
	`role_id` text NOT NULL,
	`menu_id` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_role_menu_role` ON `blade_role_menu` (`role_id`);--> statement-breakpoint
CREATE TABLE `blade_role_scope` (
	`id` text PRIMARY KEY NOT NULL,
	`scope_category` integer NOT NULL,
	`scope_id` text NOT NULL,
	`role_id` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_role_scope_role` ON `blade_role_scope` (`role_id`);--> statement-breakpoint
CREATE TABLE `blade_scope_api` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`remark` text,
	`create_user` text,
	`create_dept` text,
	`create_time` text,
	`update_user` text,
	`update_time` text,
	`menu_id` text NOT NULL,
	`resource_code` text NOT NULL,
	`scope_name` text NOT NULL,
	`scope_path` text NOT NULL,
	`scope_type` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `blade_scope_data` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`remark` text,
	`create_user` text,
	`create_dept` text,
	`create_time` text,
	`update_user` text,
	`update_time` text,
	`menu_id` text NOT NULL,
	`resource_code` text NOT NULL,
	`scope_name` text NOT NULL,
	`scope_column` text DEFAULT 'create_dept' NOT NULL,
	`scope_type` integer DEFAULT 1 NOT NULL,
	`scope_value` text
);
--> statement-breakpoint
CREATE TABLE `blade_tenant` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`remark` text,
	`create_user` text,
	`create_dept` text,
	`create_time` text,
	`update_user` text,
	`update_time` text,
	`tenant_name` text NOT NULL,
	`domain` text,
	`background_url` text,
	`linkman` text,
	`contact_number` text,
	`address` text,
	`account_number` integer DEFAULT -1 NOT NULL,
	`expire_time` text,
	`package_id` text,
	`datasource_id` text,
	`license_key` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uq_tenant_tenant_id` ON `blade_tenant` (`tenant_id`);--> statement-breakpoint
CREATE TABLE `blade_tenant_package` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`remark` text,
	`create_user` text,
	`create_dept` text,
	`create_time` text,
	`update_user` text,
	`update_time` text,
	`package_name` text NOT NULL,
	`menu_id` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `blade_top_menu` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`remark` text,
	`create_user` text,
	`create_dept` text,
	`create_time` text,
	`update_user` text,
	`update_time` text,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`source` text,
	`path` text,
	`sort` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `blade_top_menu_setting` (
	`id` text PRIMARY KEY NOT NULL,
	`top_menu_id` text NOT NULL,
	`menu_id` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `blade_user` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`remark` text,
	`create_user` text,
	`create_dept` text,
	`create_time` text,
	`update_user` text,
	`update_time` text,
	`code` text,
	`user_type` integer DEFAULT 1 NOT NULL,
	`account` text NOT NULL,
	`password` text NOT NULL,
	`name` text,
	`real_name` text,
	`avatar` text,
	`email` text,
	`phone` text,
	`birthday` text,
	`sex` integer,
	`role_id` text DEFAULT '' NOT NULL,
	`dept_id` text DEFAULT '' NOT NULL,
	`post_id` text,
	`oauth_id` text,
	`fail_count` integer DEFAULT 0 NOT NULL,
	`locked` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_user_tenant_account` ON `blade_user` (`tenant_id`,`account`);--> statement-breakpoint
CREATE TABLE `blade_captcha` (
	`key` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `blade_session` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`tenant_id` text NOT NULL,
	`client_id` text NOT NULL,
	`refresh_hash` text NOT NULL,
	`refresh_expires_at` integer NOT NULL,
	`revoked` integer DEFAULT 0 NOT NULL,
	`create_time` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_session_refresh` ON `blade_session` (`refresh_hash`);--> statement-breakpoint
CREATE TABLE `blade_user_oauth` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`uuid` text NOT NULL,
	`user_id` text,
	`source` text NOT NULL,
	`username` text,
	`nickname` text,
	`avatar` text,
	`email` text,
	`create_time` text
);
--> statement-breakpoint
CREATE TABLE `blade_log_api` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`service_id` text DEFAULT 'atrium' NOT NULL,
	`server_host` text,
	`server_ip` text,
	`env` text,
	`type` text,
	`title` text,
	`method` text,
	`request_uri` text,
	`user_agent` text,
	`remote_ip` text,
	`params` text,
	`time` integer,
	`create_by` text,
	`create_time` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_log_api_tenant` ON `blade_log_api` (`tenant_id`,`create_time`);--> statement-breakpoint
CREATE TABLE `blade_log_error` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`service_id` text DEFAULT 'atrium' NOT NULL,
	`server_host` text,
	`server_ip` text,
	`env` text,
	`type` text,
	`title` text,
	`method` text,
	`request_uri` text,
	`user_agent` text,
	`remote_ip` text,
	`params` text,
	`time` integer,
	`create_by` text,
	`create_time` text NOT NULL,
	`stack_trace` text,
	`exception_name` text,
	`message` text,
	`file_name` text,
	`line_number` integer
);
--> statement-breakpoint
CREATE INDEX `ix_log_error_tenant` ON `blade_log_error` (`tenant_id`,`create_time`);--> statement-breakpoint
CREATE TABLE `blade_log_usual` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`service_id` text DEFAULT 'atrium' NOT NULL,
	`server_host` text,
	`server_ip` text,
	`env` text,
	`type` text,
	`title` text,
	`method` text,
	`request_uri` text,
	`user_agent` text,
	`remote_ip` text,
	`params` text,
	`time` integer,
	`create_by` text,
	`create_time` text NOT NULL,
	`log_level` text,
	`log_id` text,
	`log_data` text
);
--> statement-breakpoint
CREATE INDEX `ix_log_usual_tenant` ON `blade_log_usual` (`tenant_id`,`create_time`);--> statement-breakpoint
CREATE TABLE `blade_message` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`remark` text,
	`create_user` text,
	`create_dept` text,
	`create_time` text,
	`update_user` text,
	`update_time` text,
	`type` integer DEFAULT 1 NOT NULL,
	`title` text NOT NULL,
	`content` text,
	`receivers` text,
	`create_user_name` text
);
--> statement-breakpoint
CREATE TABLE `blade_message_recipient` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`message_id` text NOT NULL,
	`user_id` text NOT NULL,
	`is_read` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`read_time` text
);
--> statement-breakpoint
CREATE INDEX `ix_msg_rcpt_user` ON `blade_message_recipient` (`user_id`,`is_read`);