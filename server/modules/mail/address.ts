import { Type } from '@sinclair/typebox'
import { asc, eq } from 'drizzle-orm'
import { emailAddress } from '../../../db/schema/index.ts'
import { mailAddressFields } from '../../../db/fields/mail.ts'
import { defineMessages } from '../../lib/messages.ts'
import { defineResource } from '../../lib/resource.ts'

defineMessages({
  'mail.address.taken': { zh: '该分组中已有此邮箱', en: 'this address is already in the group' },
})

/**
 * The school's address book (blade-email/plat-address): entries in groups; `select` answers the entries (of one
 * group, or all) as picker options `{ label, value }` for the mail form, and `groups` the group names.
 */
export const addressResource = defineResource({
  table: emailAddress,
  path: '/api/blade-email/plat-address',
  code: 'mail:address',
  search: ['name', 'email'],
  filters: ['groupName'],
  fields: mailAddressFields,
  orderBy: (c) => [asc(c.sort!), asc(c.id!)],
  unique: [{ columns: ['tenantId', 'groupName', 'email'], field: 'email', message: 'mail.address.taken' }],
  actions: {
    select: {
      method: 'GET',
      button: ['mail:address', 'mail:outbox:send', 'mail:config:send'],
      body: { groupName: Type.Optional(Type.String({ maxLength: 64 })) },
      run: async (ctx, { query }): Promise<{ label: string; value: string; group: string | null }[]> =>
        (
          await addressResource.ops.all(
            ctx,
            {},
            query.groupName ? eq(emailAddress.groupName, query.groupName) : undefined,
          )
        ).map((r) => ({ label: `${r.name} <${r.email}>`, value: r.email, group: r.groupName })),
    },
    groups: {
      method: 'GET',
      button: ['mail:address', 'mail:outbox:send', 'mail:config:send'],
      run: async (ctx): Promise<string[]> => [
        ...new Set((await addressResource.ops.all(ctx, {})).map((r) => r.groupName).filter((g): g is string => !!g)),
      ],
    },
  },
})
