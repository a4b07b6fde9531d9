import { client } from '../../../db/schema/index.ts'
import { defineMessages } from '../../lib/messages.ts'
import { defineResource } from '../../lib/resource.ts'
import { uniqueWithinTenant } from '../../lib/unique.ts'
import { platformOnly, platformWrites } from './platform-only.ts'

defineMessages({
  'client.id': { zh: '请输入客户端编号', en: 'please enter the client id' },
  'client.secret': { zh: '请输入客户端密钥', en: 'please enter the client secret' },
})

/** OAuth clients the token endpoint accepts (Basic client check). A platform matter. */
export const clientResource = defineResource({
  table: client,
  path: '/api/blade-system/client',
  code: 'system:client',
  global: true,
  search: ['clientId'],
  messages: { clientId: 'client.id', clientSecret: 'client.secret' },
  access: { ...platformWrites, list: platformOnly, detail: platformOnly },
  beforeWrite: (ctx, w) => uniqueWithinTenant(ctx, client, w, 'clientId', true),
})
