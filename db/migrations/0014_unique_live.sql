-- Every uniqueness rule gets an index among live rows (server/lib/unique.ts). An earlier release checked outside the
-- write's transaction, so two submits at once could both get in: before each index, a later live duplicate gets
-- '~<rowid>' appended (the oldest row keeps the value; an administrator can rename the copy). Removed rows are left as they are.
DROP INDEX `uq_client_client_id`;
--> statement-breakpoint
UPDATE `blade_client` SET `client_id` = `client_id` || '~' || rowid WHERE `is_deleted` = 0 AND EXISTS (SELECT 1 FROM `blade_client` o WHERE o.`is_deleted` = 0 AND o.`client_id` = `blade_client`.`client_id` AND o.rowid < `blade_client`.rowid);
--> statement-breakpoint
CREATE UNIQUE INDEX `ux_client_id` ON `blade_client` (`client_id`) WHERE is_deleted = 0;
--> statement-breakpoint
UPDATE `blade_dict` SET `dict_key` = `dict_key` || '~' || rowid WHERE `is_deleted` = 0 AND EXISTS (SELECT 1 FROM `blade_dict` o WHERE o.`is_deleted` = 0 AND o.`code` = `blade_dict`.`code` AND o.`dict_key` = `blade_dict`.`dict_key` AND o.rowid < `blade_dict`.rowid);
--> statement-breakpoint
CREATE UNIQUE INDEX `ux_dict_code_key` ON `blade_dict` (`code`,`dict_key`) WHERE is_deleted = 0;
--> statement-breakpoint
UPDATE `blade_dict_biz` SET `dict_key` = `dict_key` || '~' || rowid WHERE `is_deleted` = 0 AND EXISTS (SELECT 1 FROM `blade_dict_biz` o WHERE o.`is_deleted` = 0 AND o.`tenant_id` = `blade_dict_biz`.`tenant_id` AND o.`code` = `blade_dict_biz`.`code` AND o.`dict_key` = `blade_dict_biz`.`dict_key` AND o.rowid < `blade_dict_biz`.rowid);
--> statement-breakpoint
CREATE UNIQUE INDEX `ux_dict_biz_code_key` ON `blade_dict_biz` (`tenant_id`,`code`,`dict_key`) WHERE is_deleted = 0;
--> statement-breakpoint
UPDATE `blade_menu` SET `code` = `code` || '~' || rowid WHERE `is_deleted` = 0 AND EXISTS (SELECT 1 FROM `blade_menu` o WHERE o.`is_deleted` = 0 AND o.`code` = `blade_menu`.`code` AND o.rowid < `blade_menu`.rowid);
--> statement-breakpoint
CREATE UNIQUE INDEX `ux_menu_code` ON `blade_menu` (`code`) WHERE is_deleted = 0;
--> statement-breakpoint
UPDATE `blade_param` SET `param_key` = `param_key` || '~' || rowid WHERE `is_deleted` = 0 AND EXISTS (SELECT 1 FROM `blade_param` o WHERE o.`is_deleted` = 0 AND o.`tenant_id` = `blade_param`.`tenant_id` AND o.`param_key` = `blade_param`.`param_key` AND o.rowid < `blade_param`.rowid);
--> statement-breakpoint
CREATE UNIQUE INDEX `ux_param_key` ON `blade_param` (`tenant_id`,`param_key`) WHERE is_deleted = 0;
--> statement-breakpoint
UPDATE `blade_post` SET `post_code` = `post_code` || '~' || rowid WHERE `is_deleted` = 0 AND EXISTS (SELECT 1 FROM `blade_post` o WHERE o.`is_deleted` = 0 AND o.`tenant_id` = `blade_post`.`tenant_id` AND o.`post_code` = `blade_post`.`post_code` AND o.rowid < `blade_post`.rowid);
--> statement-breakpoint
CREATE UNIQUE INDEX `ux_post_code` ON `blade_post` (`tenant_id`,`post_code`) WHERE is_deleted = 0;
--> statement-breakpoint
UPDATE `blade_role` SET `role_alias` = `role_alias` || '~' || rowid WHERE `is_deleted` = 0 AND EXISTS (SELECT 1 FROM `blade_role` o WHERE o.`is_deleted` = 0 AND o.`tenant_id` = `blade_role`.`tenant_id` AND o.`role_alias` = `blade_role`.`role_alias` AND o.rowid < `blade_role`.rowid);
--> statement-breakpoint
CREATE UNIQUE INDEX `ux_role_alias` ON `blade_role` (`tenant_id`,`role_alias`) WHERE is_deleted = 0;
--> statement-breakpoint
UPDATE `blade_tenant` SET `domain` = `domain` || '~' || rowid WHERE `is_deleted` = 0 AND `domain` <> '' AND EXISTS (SELECT 1 FROM `blade_tenant` o WHERE o.`is_deleted` = 0 AND o.`domain` <> '' AND o.`domain` = `blade_tenant`.`domain` AND o.rowid < `blade_tenant`.rowid);
--> statement-breakpoint
CREATE UNIQUE INDEX `ux_tenant_domain` ON `blade_tenant` (`domain`) WHERE is_deleted = 0 AND domain <> '';
--> statement-breakpoint
UPDATE `blade_top_menu` SET `code` = `code` || '~' || rowid WHERE `is_deleted` = 0 AND EXISTS (SELECT 1 FROM `blade_top_menu` o WHERE o.`is_deleted` = 0 AND o.`code` = `blade_top_menu`.`code` AND o.rowid < `blade_top_menu`.rowid);
--> statement-breakpoint
CREATE UNIQUE INDEX `ux_top_menu_code` ON `blade_top_menu` (`code`) WHERE is_deleted = 0;
--> statement-breakpoint
UPDATE `blade_user` SET `account` = `account` || '~' || rowid WHERE `is_deleted` = 0 AND EXISTS (SELECT 1 FROM `blade_user` o WHERE o.`is_deleted` = 0 AND o.`tenant_id` = `blade_user`.`tenant_id` AND o.`account` = `blade_user`.`account` AND o.rowid < `blade_user`.rowid);
--> statement-breakpoint
CREATE UNIQUE INDEX `ux_user_account` ON `blade_user` (`tenant_id`,`account`) WHERE is_deleted = 0;
--> statement-breakpoint
UPDATE `blade_device` SET `sn` = `sn` || '~' || rowid WHERE `is_deleted` = 0 AND EXISTS (SELECT 1 FROM `blade_device` o WHERE o.`is_deleted` = 0 AND o.`product_id` = `blade_device`.`product_id` AND o.`sn` = `blade_device`.`sn` AND o.rowid < `blade_device`.rowid);
--> statement-breakpoint
CREATE UNIQUE INDEX `ux_device_product_sn` ON `blade_device` (`product_id`,`sn`) WHERE is_deleted = 0;
