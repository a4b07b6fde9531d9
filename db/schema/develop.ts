import { table, text } from './dialect.ts'
import { commonColumns, liveUnique } from './common.ts'

/**
 * Code generation (blade-develop, issue #31): the platform's own tools for people who extend the appliance. The
 * three tables are the platform's (global): a school never sees them.
 */

/**
 * Databases a model reads its table from (blade-develop/datasource): the appliance's own (the built-in row,
 * driverClass `appliance`) or an external PostgreSQL/MySQL server. The password is sealed (server/lib/sealed.ts).
 */
export const datasource = table(
  'blade_datasource',
  {
    ...commonColumns(),
    name: text().notNull(),
    driverClass: text().notNull(),
    url: text(),
    username: text(),
    password: text(),
  },
  (t) => [liveUnique('ux_datasource_name', t.name)],
)

/**
 * A model (blade-develop/model): one table of a datasource and its field prototypes (JSON), which the administrator
 * edits before generating code from it.
 */
export const devModel = table(
  'blade_model',
  {
    ...commonColumns(),
    datasourceId: text().notNull(),
    modelName: text().notNull(),
    modelNameEn: text().notNull(),
    modelCode: text().notNull(),
    modelTable: text().notNull(),
    prototypes: text(),
  },
  (t) => [liveUnique('ux_model_code', t.modelCode)],
)

/** A code generation (blade-develop/code): which model becomes which area and API service. */
export const devCode = table('blade_code', {
  ...commonColumns(),
  modelId: text().notNull(),
  codeName: text().notNull(),
  codeNameEn: text().notNull(),
  serviceName: text().notNull(),
  packageName: text().notNull(),
  tableName: text().notNull(),
})
