DROP INDEX `ix_wf_task_todo`;--> statement-breakpoint
CREATE INDEX `ix_wf_task_todo` ON `blade_wf_task` (`tenant_id`,`status`,`assignee`,`id`);