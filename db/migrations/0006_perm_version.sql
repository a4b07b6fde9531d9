CREATE TABLE `blade_perm_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);

--> statement-breakpoint
-- One version row; every write to a table permissions derive from bumps it in the same transaction (server/lib/permission-cache.ts).
INSERT INTO `blade_perm_version` (`id`, `version`) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER `tr_perm_version_role_insert` AFTER INSERT ON `blade_role` BEGIN UPDATE `blade_perm_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `tr_perm_version_role_update` AFTER UPDATE ON `blade_role` BEGIN UPDATE `blade_perm_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `tr_perm_version_role_delete` AFTER DELETE ON `blade_role` BEGIN UPDATE `blade_perm_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `tr_perm_version_role_menu_insert` AFTER INSERT ON `blade_role_menu` BEGIN UPDATE `blade_perm_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `tr_perm_version_role_menu_update` AFTER UPDATE ON `blade_role_menu` BEGIN UPDATE `blade_perm_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `tr_perm_version_role_menu_delete` AFTER DELETE ON `blade_role_menu` BEGIN UPDATE `blade_perm_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `tr_perm_version_role_scope_insert` AFTER INSERT ON `blade_role_scope` BEGIN UPDATE `blade_perm_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `tr_perm_version_role_scope_update` AFTER UPDATE ON `blade_role_scope` BEGIN UPDATE `blade_perm_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `tr_perm_version_role_scope_delete` AFTER DELETE ON `blade_role_scope` BEGIN UPDATE `blade_perm_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `tr_perm_version_menu_insert` AFTER INSERT ON `blade_menu` BEGIN UPDATE `blade_perm_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `tr_perm_version_menu_update` AFTER UPDATE ON `blade_menu` BEGIN UPDATE `blade_perm_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `tr_perm_version_menu_delete` AFTER DELETE ON `blade_menu` BEGIN UPDATE `blade_perm_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `tr_perm_version_scope_data_insert` AFTER INSERT ON `blade_scope_data` BEGIN UPDATE `blade_perm_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `tr_perm_version_scope_data_update` AFTER UPDATE ON `blade_scope_data` BEGIN UPDATE `blade_perm_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `tr_perm_version_scope_data_delete` AFTER DELETE ON `blade_scope_data` BEGIN UPDATE `blade_perm_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `tr_perm_version_scope_api_insert` AFTER INSERT ON `blade_scope_api` BEGIN UPDATE `blade_perm_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `tr_perm_version_scope_api_update` AFTER UPDATE ON `blade_scope_api` BEGIN UPDATE `blade_perm_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `tr_perm_version_scope_api_delete` AFTER DELETE ON `blade_scope_api` BEGIN UPDATE `blade_perm_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `tr_perm_version_tenant_insert` AFTER INSERT ON `blade_tenant` BEGIN UPDATE `blade_perm_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `tr_perm_version_tenant_update` AFTER UPDATE ON `blade_tenant` BEGIN UPDATE `blade_perm_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `tr_perm_version_tenant_delete` AFTER DELETE ON `blade_tenant` BEGIN UPDATE `blade_perm_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `tr_perm_version_tenant_package_insert` AFTER INSERT ON `blade_tenant_package` BEGIN UPDATE `blade_perm_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `tr_perm_version_tenant_package_update` AFTER UPDATE ON `blade_tenant_package` BEGIN UPDATE `blade_perm_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `tr_perm_version_tenant_package_delete` AFTER DELETE ON `blade_tenant_package` BEGIN UPDATE `blade_perm_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
