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

/**
 * The notification URL a new account starts with: this appliance's notify route at the address the administrator
 * is using it by (the provider must reach it: a school behind NAT edits it to its public address). The server adds
 * the account's `configId` when it sends it (server/modules/pay).
 */
export const notifyUrlField = (provider: 'alipay' | 'wxpay') =>
  ({
    span: 24,
    default: typeof window === 'undefined' ? undefined : `${window.location.origin}/api/blade-pay/${provider}/notify`,
  }) satisfies Partial<Field>
