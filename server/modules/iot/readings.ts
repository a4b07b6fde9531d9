/**
 * One telemetry field of a device over time, as the staff chart (deviceLog/series) and the portal's device page
 * (nop-wbp/iot/device/series) read it: the field's value taken out of each JSON reading, only where it is a number.
 */
import { and, eq, isNotNull, type SQL } from 'drizzle-orm'
import { deviceLog } from '../../../db/schema/index.ts'
import { jsonNumber } from '../../lib/portable-sql.ts'

/**
 * A telemetry field name as a JSON path: names of letters, digits and _ joined by dots, at most 64 characters.
 * An empty step ("a..b", "a.") is refused here, so it answers a 400 naming the field, not the database's path error.
 */
export const FIELD = /^(?=.{1,64}$)[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$/

/** The field's value in a reading (SQL), and the condition that the row is a telemetry reading where it is a number. */
export function numericField(field: string): { value: SQL<number | null>; isNumber: SQL } {
  const value = jsonNumber(deviceLog.content, field)
  return { value, isNumber: and(eq(deviceLog.type, 'telemetry'), isNotNull(value))! }
}
