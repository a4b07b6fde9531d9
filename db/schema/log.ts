import { index, integer, table, text } from './dialect.ts'

/** The three logs share one shape; the error log adds the stack and exception. */
const logColumns = () => ({
  id: text().primaryKey(),
  tenantId: text().notNull().default('000000'),
  serviceId: text().notNull().default('atrium'),
  serverHost: text(),
  serverIp: text(),
  env: text(),
  type: text(),
  title: text(),
  method: text(),
  requestUri: text(),
  userAgent: text(),
  remoteIp: text(),
  params: text(),
  /** Milliseconds the request took (API log). */
  time: integer(),
  createBy: text(),
  createTime: text().notNull(),
})

export const logUsual = table(
  'blade_log_usual',
  {
    ...logColumns(),
    logLevel: text(),
    logId: text(),
    logData: text(),
  },
  (t) => [index('ix_log_usual_tenant').on(t.tenantId, t.createTime), index('ix_log_usual_id').on(t.tenantId, t.id)],
)

export const logApi = table('blade_log_api', logColumns(), (t) => [
  index('ix_log_api_tenant').on(t.tenantId, t.createTime),
  index('ix_log_api_id').on(t.tenantId, t.id),
])

export const logError = table(
  'blade_log_error',
  {
    ...logColumns(),
    stackTrace: text(),
    exceptionName: text(),
    message: text(),
    fileName: text(),
    lineNumber: integer(),
  },
  (t) => [index('ix_log_error_tenant').on(t.tenantId, t.createTime), index('ix_log_error_id').on(t.tenantId, t.id)],
)
