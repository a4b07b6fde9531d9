CREATE TABLE `hm_course` (
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
	`cover` text,
	`title` text NOT NULL,
	`special_id` integer,
	`cate_id` integer,
	`level_id` integer,
	`intro` text,
	`content` text,
	`standard` text,
	`position` text,
	`target` text,
	`is_auth` integer DEFAULT 0 NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL,
	`is_hot` integer DEFAULT 0 NOT NULL,
	`hot_sort` integer DEFAULT 0 NOT NULL,
	`is_practice` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_course_scoped` ON `hm_course` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE TABLE `hm_course_card` (
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
	`card_number` text NOT NULL,
	`type` integer DEFAULT 1 NOT NULL,
	`course_id` text NOT NULL,
	`batch_no` text,
	`user_id` text,
	`use_time` text,
	`expire_time` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uq_course_card_number` ON `hm_course_card` (`card_number`);--> statement-breakpoint
CREATE INDEX `ix_course_card_scoped` ON `hm_course_card` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE TABLE `hm_course_evaluate` (
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
	`course_id` text NOT NULL,
	`user_id` text NOT NULL,
	`target_evaluate` integer NOT NULL,
	`content_evaluate` integer NOT NULL,
	`method_evaluate` integer NOT NULL,
	`effect_evaluate` integer NOT NULL,
	`evaluate` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uq_course_evaluate` ON `hm_course_evaluate` (`tenant_id`,`course_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `ix_course_evaluate_scoped` ON `hm_course_evaluate` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE TABLE `hm_course_section` (
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
	`course_id` text NOT NULL,
	`title` text NOT NULL,
	`content` text,
	`sort` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_section_course` ON `hm_course_section` (`course_id`);--> statement-breakpoint
CREATE INDEX `ix_course_section_scoped` ON `hm_course_section` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE TABLE `blade_course_series` (
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
	`series_id` text NOT NULL,
	`course_id` text NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_course_series_series` ON `blade_course_series` (`series_id`);--> statement-breakpoint
CREATE INDEX `ix_course_series_scoped` ON `blade_course_series` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE TABLE `hm_course_statistics` (
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
	`course_id` text NOT NULL,
	`section_id` text,
	`ware_id` text NOT NULL,
	`user_id` text NOT NULL,
	`position` real DEFAULT 0 NOT NULL,
	`progress` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uq_course_statistics` ON `hm_course_statistics` (`tenant_id`,`user_id`,`ware_id`);--> statement-breakpoint
CREATE INDEX `ix_course_statistics_course` ON `hm_course_statistics` (`course_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `ix_course_statistics_scoped` ON `hm_course_statistics` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE TABLE `hm_course_user` (
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
	`course_id` text NOT NULL,
	`user_id` text NOT NULL,
	`source` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uq_course_user` ON `hm_course_user` (`tenant_id`,`course_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `ix_course_user_user` ON `hm_course_user` (`user_id`);--> statement-breakpoint
CREATE INDEX `ix_course_user_scoped` ON `hm_course_user` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE TABLE `hm_course_ware` (
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
	`title` text NOT NULL,
	`screen` integer NOT NULL,
	`type` integer NOT NULL,
	`file_address` text,
	`save_type` integer DEFAULT 0 NOT NULL,
	`save_key` text,
	`is_transcoding` integer DEFAULT 0 NOT NULL,
	`transcoding_status` integer,
	`play_address` text,
	`play_time` integer,
	`content` text,
	`token` text,
	`skey` text
);
--> statement-breakpoint
CREATE INDEX `ix_course_ware_scoped` ON `hm_course_ware` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE TABLE `hm_course_section_download` (
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
	`section_id` text NOT NULL,
	`download_id` text NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_section_download` ON `hm_course_section_download` (`section_id`);--> statement-breakpoint
CREATE INDEX `ix_section_download_scoped` ON `hm_course_section_download` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE TABLE `hm_course_section_question` (
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
	`section_id` text NOT NULL,
	`question_id` text NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_section_question` ON `hm_course_section_question` (`section_id`);--> statement-breakpoint
CREATE INDEX `ix_section_question_scoped` ON `hm_course_section_question` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE TABLE `hm_course_section_ware` (
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
	`section_id` text NOT NULL,
	`ware_id` text NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_section_ware` ON `hm_course_section_ware` (`section_id`);--> statement-breakpoint
CREATE INDEX `ix_section_ware_scoped` ON `hm_course_section_ware` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE TABLE `blade_series` (
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
	`cover` text,
	`title` text NOT NULL,
	`intro` text,
	`content` text,
	`sort` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_series_scoped` ON `blade_series` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE TABLE `hm_ware_step` (
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
	`ware_id` text NOT NULL,
	`title` text NOT NULL,
	`content` text,
	`sort` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_ware_step_ware` ON `hm_ware_step` (`ware_id`);--> statement-breakpoint
CREATE INDEX `ix_ware_step_scoped` ON `hm_ware_step` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE TABLE `wp_banner` (
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
	`cover` text NOT NULL,
	`title` text NOT NULL,
	`subtitle` text,
	`position` integer DEFAULT 1 NOT NULL,
	`href` text,
	`target` integer DEFAULT 1 NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_banner_scoped` ON `wp_banner` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE TABLE `blade_blog` (
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
	`title` text NOT NULL,
	`category` integer NOT NULL,
	`release_time` text NOT NULL,
	`cover` text,
	`summary` text
);
--> statement-breakpoint
CREATE INDEX `ix_blog_scoped` ON `blade_blog` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE TABLE `blade_blog_detail` (
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
	`blog_id` text NOT NULL,
	`content` text
);
--> statement-breakpoint
CREATE INDEX `ix_blog_detail_blog` ON `blade_blog_detail` (`blog_id`);--> statement-breakpoint
CREATE INDEX `ix_blog_detail_scoped` ON `blade_blog_detail` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE TABLE `cloud_document` (
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
	`folder_id` text NOT NULL,
	`title` text NOT NULL,
	`file_address` text,
	`file_type` text,
	`file_size` integer DEFAULT 0 NOT NULL,
	`intro` text,
	`sort` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_cloud_document_folder` ON `cloud_document` (`folder_id`);--> statement-breakpoint
CREATE INDEX `ix_cloud_document_scoped` ON `cloud_document` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE TABLE `cloud_folder` (
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
	`name` text NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_cloud_folder_parent` ON `cloud_folder` (`parent_id`);--> statement-breakpoint
CREATE INDEX `ix_cloud_folder_scoped` ON `cloud_folder` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE TABLE `hm_download` (
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
	`cover` text,
	`title` text NOT NULL,
	`file_address` text NOT NULL,
	`intro` text,
	`file_size` real DEFAULT 0 NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`tag` integer
);
--> statement-breakpoint
CREATE INDEX `ix_download_scoped` ON `hm_download` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE TABLE `blade_download_message` (
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
	`phone` text NOT NULL,
	`email` text,
	`unit` text,
	`qq` text,
	`wechat` text,
	`birthday` text,
	`category` text,
	`download_file_id` text
);
--> statement-breakpoint
CREATE INDEX `ix_download_message_scoped` ON `blade_download_message` (`tenant_id`,`is_deleted`,`id`);