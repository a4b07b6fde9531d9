-- The appliance's own database as a datasource (blade-develop/datasource): the row a model reads its tables from
-- when nothing external is configured. Its driver class `appliance` means "this process's database".
INSERT INTO blade_datasource (id, tenant_id, status, is_deleted, name, driver_class, remark)
VALUES ('1', '000000', 1, 0, '本机数据库', 'appliance', 'The appliance''s own database');
