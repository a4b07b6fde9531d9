DROP INDEX "ix_job_pick";--> statement-breakpoint
CREATE INDEX "ix_job_pick" ON "blade_job" USING btree ("state","run_after","id");