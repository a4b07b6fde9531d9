DROP INDEX "ix_wf_task_todo";--> statement-breakpoint
CREATE INDEX "ix_wf_task_todo" ON "blade_wf_task" USING btree ("tenant_id","status","assignee","id");