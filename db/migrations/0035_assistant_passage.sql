CREATE TABLE `ai_assistant_passage` (
	`passage_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`source_id` text NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`body` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ux_ai_assistant_passage_source` ON `ai_assistant_passage` (`kind`,`source_id`);