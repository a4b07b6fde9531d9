ALTER TABLE `blade_wf_instance` ADD `parent_id` text;--> statement-breakpoint
ALTER TABLE `blade_wf_instance` ADD `parent_execution_id` text;--> statement-breakpoint
CREATE INDEX `ix_wf_instance_parent` ON `blade_wf_instance` (`parent_id`);