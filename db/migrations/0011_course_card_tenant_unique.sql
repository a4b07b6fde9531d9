DROP INDEX `uq_course_card_number`;--> statement-breakpoint
CREATE UNIQUE INDEX `uq_course_card_tenant_number` ON `hm_course_card` (`tenant_id`,`card_number`);