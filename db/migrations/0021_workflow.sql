CREATE TABLE `blade_process_leave` (
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
	`process_definition_id` text,
	`process_instance_id` text,
	`start_time` text NOT NULL,
	`end_time` text NOT NULL,
	`days` integer NOT NULL,
	`reason` text NOT NULL,
	`task_user` text,
	`apply_time` text
);
--> statement-breakpoint
CREATE INDEX `ix_process_leave_scoped` ON `blade_process_leave` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE INDEX `ix_process_leave_instance` ON `blade_process_leave` (`process_instance_id`);--> statement-breakpoint
CREATE TABLE `blade_wf_button` (
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
	`button_key` text NOT NULL,
	`name` text NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL,
	`display` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_wf_button_scoped` ON `blade_wf_button` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `ux_wf_button_key` ON `blade_wf_button` (`tenant_id`,`button_key`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE TABLE `blade_wf_category` (
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
	`name` text NOT NULL,
	`parent_id` text DEFAULT '0' NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_wf_category_scoped` ON `blade_wf_category` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE TABLE `blade_wf_condition` (
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
	`name` text NOT NULL,
	`type` text NOT NULL,
	`expression` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_wf_condition_scoped` ON `blade_wf_condition` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE TABLE `blade_wf_copy` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`instance_id` text NOT NULL,
	`task_id` text,
	`user_id` text NOT NULL,
	`from_user` text NOT NULL,
	`create_time` text NOT NULL,
	`read_time` text
);
--> statement-breakpoint
CREATE INDEX `ix_wf_copy_user` ON `blade_wf_copy` (`user_id`,`id`);--> statement-breakpoint
CREATE TABLE `blade_wf_deployment` (
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
	`model_id` text,
	`process_key` text NOT NULL,
	`name` text NOT NULL,
	`version` integer NOT NULL,
	`category_id` text,
	`icon` text,
	`description` text,
	`xml` text NOT NULL,
	`form_key` text,
	`main_version` integer DEFAULT 0 NOT NULL,
	`deploy_time` text
);
--> statement-breakpoint
CREATE INDEX `ix_wf_deployment_scoped` ON `blade_wf_deployment` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `ux_wf_deployment_version` ON `blade_wf_deployment` (`tenant_id`,`process_key`,`version`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE TABLE `blade_wf_process_draft` (
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
	`process_definition_id` text NOT NULL,
	`variables` text DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_wf_draft_scoped` ON `blade_wf_process_draft` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE INDEX `ix_wf_draft_owner` ON `blade_wf_process_draft` (`create_user`,`process_definition_id`);--> statement-breakpoint
CREATE TABLE `blade_wf_form` (
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
	`form_key` text NOT NULL,
	`name` text NOT NULL,
	`category_id` text,
	`content` text DEFAULT '[]' NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_wf_form_scoped` ON `blade_wf_form` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `ux_wf_form_key` ON `blade_wf_form` (`tenant_id`,`form_key`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE TABLE `blade_wf_form_default_values` (
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
	`name` text NOT NULL,
	`type` text NOT NULL,
	`content` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_wf_form_default_scoped` ON `blade_wf_form_default_values` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE TABLE `blade_wf_form_history` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`form_id` text NOT NULL,
	`version` integer NOT NULL,
	`content` text NOT NULL,
	`create_user` text,
	`create_time` text
);
--> statement-breakpoint
CREATE INDEX `ix_wf_form_history` ON `blade_wf_form_history` (`form_id`,`version`);--> statement-breakpoint
CREATE TABLE `blade_wf_history` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`instance_id` text NOT NULL,
	`activity_id` text NOT NULL,
	`activity_name` text,
	`activity_type` text NOT NULL,
	`task_id` text,
	`assignee` text,
	`action` text,
	`comment` text,
	`start_time` text NOT NULL,
	`end_time` text
);
--> statement-breakpoint
CREATE INDEX `ix_wf_history_instance` ON `blade_wf_history` (`instance_id`,`start_time`);--> statement-breakpoint
CREATE TABLE `blade_wf_instance` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`definition_id` text NOT NULL,
	`process_key` text NOT NULL,
	`name` text NOT NULL,
	`business_table` text,
	`business_id` text,
	`initiator` text NOT NULL,
	`initiator_dept` text,
	`status` text DEFAULT 'running' NOT NULL,
	`state` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`start_time` text NOT NULL,
	`end_time` text,
	`end_reason` text,
	`update_time` text
);
--> statement-breakpoint
CREATE INDEX `ix_wf_instance_list` ON `blade_wf_instance` (`tenant_id`,`status`,`id`);--> statement-breakpoint
CREATE INDEX `ix_wf_instance_initiator` ON `blade_wf_instance` (`initiator`,`id`);--> statement-breakpoint
CREATE INDEX `ix_wf_instance_business` ON `blade_wf_instance` (`business_table`,`business_id`);--> statement-breakpoint
CREATE INDEX `ix_wf_instance_definition` ON `blade_wf_instance` (`definition_id`);--> statement-breakpoint
CREATE TABLE `blade_wf_model` (
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
	`model_key` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`category_id` text,
	`icon` text,
	`xml` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_wf_model_scoped` ON `blade_wf_model` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `ux_wf_model_key` ON `blade_wf_model` (`tenant_id`,`model_key`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE TABLE `blade_wf_model_history` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`model_id` text NOT NULL,
	`version` integer NOT NULL,
	`xml` text NOT NULL,
	`create_user` text,
	`create_time` text
);
--> statement-breakpoint
CREATE INDEX `ix_wf_model_history` ON `blade_wf_model_history` (`model_id`,`version`);--> statement-breakpoint
CREATE TABLE `blade_wf_model_scope` (
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
	`model_id` text NOT NULL,
	`type` text NOT NULL,
	`val` text NOT NULL,
	`text` text
);
--> statement-breakpoint
CREATE INDEX `ix_wf_model_scope` ON `blade_wf_model_scope` (`model_id`);--> statement-breakpoint
CREATE TABLE `blade_wf_task` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`instance_id` text NOT NULL,
	`definition_id` text NOT NULL,
	`task_key` text NOT NULL,
	`name` text NOT NULL,
	`execution_id` text NOT NULL,
	`assignee` text,
	`owner` text,
	`delegation` text,
	`form_key` text,
	`status` text DEFAULT 'todo' NOT NULL,
	`suspended` integer DEFAULT 0 NOT NULL,
	`priority` integer DEFAULT 50 NOT NULL,
	`due_time` text,
	`create_time` text NOT NULL,
	`claim_time` text,
	`end_time` text,
	`action` text,
	`comment` text
);
--> statement-breakpoint
CREATE INDEX `ix_wf_task_todo` ON `blade_wf_task` (`tenant_id`,`status`,`assignee`);--> statement-breakpoint
CREATE INDEX `ix_wf_task_instance` ON `blade_wf_task` (`instance_id`,`status`);--> statement-breakpoint
CREATE TABLE `blade_wf_task_candidate` (
	`task_id` text NOT NULL,
	`type` text NOT NULL,
	`val` text NOT NULL,
	PRIMARY KEY(`task_id`, `type`, `val`)
);
--> statement-breakpoint
CREATE INDEX `ix_wf_task_candidate_val` ON `blade_wf_task_candidate` (`type`,`val`);--> statement-breakpoint
CREATE TABLE `blade_wf_variable` (
	`instance_id` text NOT NULL,
	`name` text NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`value` text NOT NULL,
	PRIMARY KEY(`instance_id`, `name`)
);
