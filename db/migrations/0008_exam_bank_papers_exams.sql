CREATE TABLE `hm_exam_group` (
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
	`category` text,
	`title` text NOT NULL,
	`cover` text,
	`class_ids` text NOT NULL,
	`student_ids` text NOT NULL,
	`student_number` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_hm_exam_group_scoped` ON `hm_exam_group` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE TABLE `hm_paper` (
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
	`type` integer DEFAULT 2 NOT NULL,
	`score` real DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_hm_paper_scoped` ON `hm_paper` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE TABLE `hm_paper_answer` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`paper_time_user_id` text NOT NULL,
	`question_id` text NOT NULL,
	`answer` text NOT NULL,
	`version` integer NOT NULL,
	`save_time` text NOT NULL,
	`score` real,
	`correct` integer,
	`comment` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ux_hm_paper_answer` ON `hm_paper_answer` (`paper_time_user_id`,`question_id`);--> statement-breakpoint
CREATE TABLE `hm_paper_question` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`paper_id` text NOT NULL,
	`question_id` text NOT NULL,
	`score` real NOT NULL,
	`sort` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_hm_paper_question_p` ON `hm_paper_question` (`paper_id`,`sort`);--> statement-breakpoint
CREATE TABLE `hm_paper_time` (
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
	`start_time` text NOT NULL,
	`end_time` text NOT NULL,
	`duration` integer DEFAULT 60 NOT NULL,
	`paper_ids` text NOT NULL,
	`group_ids` text,
	`class_ids` text,
	`candidates_number` integer DEFAULT 0 NOT NULL,
	`content` text,
	`show_score` integer DEFAULT 1 NOT NULL,
	`shuffle` integer DEFAULT 0 NOT NULL,
	`category` integer DEFAULT 0 NOT NULL,
	`cover` text,
	`distributed` integer DEFAULT 0 NOT NULL,
	`distribute_time` text
);
--> statement-breakpoint
CREATE INDEX `ix_hm_paper_time_scoped` ON `hm_paper_time` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE TABLE `hm_paper_time_user` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`paper_time_id` text NOT NULL,
	`user_id` text NOT NULL,
	`user_name` text,
	`class_id` text,
	`paper_id` text NOT NULL,
	`state` integer DEFAULT 1 NOT NULL,
	`start_time` text NOT NULL,
	`deadline` integer NOT NULL,
	`submit_time` text,
	`submit_kind` integer,
	`objective_score` real,
	`subjective_score` real,
	`score` real,
	`correct_user` text,
	`correct_time` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ux_hm_ptu_user` ON `hm_paper_time_user` (`paper_time_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `ix_hm_ptu_deadline` ON `hm_paper_time_user` (`state`,`deadline`);--> statement-breakpoint
CREATE TABLE `hm_question` (
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
	`title` text,
	`content` text NOT NULL,
	`exam_center` text,
	`analysis` text,
	`answer_id` text,
	`end_ip` text,
	`author` text,
	`type` integer NOT NULL,
	`hard` integer DEFAULT 1 NOT NULL,
	`answer` text,
	`course_name` text,
	`bank_type` text,
	`score` real DEFAULT 1 NOT NULL,
	`experiment_id` text
);
--> statement-breakpoint
CREATE INDEX `ix_hm_question_scoped` ON `hm_question` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE INDEX `ix_hm_question_type` ON `hm_question` (`tenant_id`,`type`,`hard`);--> statement-breakpoint
CREATE TABLE `hm_question_blank` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`question_id` text NOT NULL,
	`blank_no` integer NOT NULL,
	`answer` text NOT NULL,
	`sort` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_hm_question_blank_q` ON `hm_question_blank` (`question_id`,`blank_no`,`sort`);--> statement-breakpoint
CREATE TABLE `hm_question_collect` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`user_id` text NOT NULL,
	`question_id` text NOT NULL,
	`create_time` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ux_hm_question_collect` ON `hm_question_collect` (`user_id`,`question_id`);--> statement-breakpoint
CREATE TABLE `hm_question_error` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`user_id` text NOT NULL,
	`question_id` text NOT NULL,
	`last_answer` text NOT NULL,
	`times` integer DEFAULT 1 NOT NULL,
	`update_time` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ux_hm_question_error` ON `hm_question_error` (`user_id`,`question_id`);--> statement-breakpoint
CREATE TABLE `hm_question_option` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`question_id` text NOT NULL,
	`label` text NOT NULL,
	`content` text NOT NULL,
	`is_correct` integer DEFAULT 0 NOT NULL,
	`sort` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ix_hm_question_option_q` ON `hm_question_option` (`question_id`,`sort`);--> statement-breakpoint
CREATE TABLE `hm_team` (
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
	`cover` text,
	`intro` text,
	`paper_id` text
);
--> statement-breakpoint
CREATE INDEX `ix_hm_team_scoped` ON `hm_team` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE TABLE `hm_team_user` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`team_id` text NOT NULL,
	`user_id` text NOT NULL,
	`class_id` text,
	`create_time` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ux_hm_team_user` ON `hm_team_user` (`team_id`,`user_id`);