CREATE INDEX `ix_dept_scoped` ON `blade_dept` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE INDEX `ix_dict_biz_scoped` ON `blade_dict_biz` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE INDEX `ix_param_scoped` ON `blade_param` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE INDEX `ix_post_scoped` ON `blade_post` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE INDEX `ix_role_scoped` ON `blade_role` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE INDEX `ix_user_scoped` ON `blade_user` (`tenant_id`,`is_deleted`,`id`);--> statement-breakpoint
CREATE INDEX `ix_log_api_id` ON `blade_log_api` (`tenant_id`,`id`);--> statement-breakpoint
CREATE INDEX `ix_log_error_id` ON `blade_log_error` (`tenant_id`,`id`);--> statement-breakpoint
CREATE INDEX `ix_log_usual_id` ON `blade_log_usual` (`tenant_id`,`id`);