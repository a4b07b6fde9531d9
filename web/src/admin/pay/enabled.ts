import type { Field } from '../../shared/resource/schema'
import { L } from '../system/fields'

/**
 * An account's common `status` column as a switch: a disabled account takes no payments (server/modules/pay/
 * accounts.ts). The field descriptions leave it out because every table has it; the config screens show it.
 */
export const enabledField = {
  label: L('启用', 'Enabled'),
  type: 'switch',
  default: 1,
  width: 90,
} satisfies Partial<Field>
