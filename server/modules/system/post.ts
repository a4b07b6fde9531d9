import { Elysia } from 'elysia'
import { post } from '../../../db/schema/index.ts'
import type { Services } from '../../lib/context.ts'
import { authContext } from '../../lib/auth-context.ts'
import { envelope } from '../../lib/envelope.ts'
import { defineMessages, t as say } from '../../lib/messages.ts'
import { defineResource } from '../../lib/resource.ts'
import { uniqueWithinTenant } from '../../lib/unique.ts'

defineMessages({
  'post.code': { zh: '请输入岗位编号', en: 'please enter the post code' },
  'post.name': { zh: '请输入岗位名称', en: 'please enter the post name' },
})

export const postResource = defineResource({
  table: post,
  path: '/api/blade-system/post',
  code: 'system:post',
  search: ['postName', 'postCode'],
  filters: ['category'],
  messages: { postCode: 'post.code', postName: 'post.name' },
  beforeWrite: (ctx, w) => uniqueWithinTenant(ctx, post, w, 'postCode'),
})

export const postRoutes = (s: Services) =>
  new Elysia({ prefix: '/api/blade-system/post' })
    .use(authContext(s))
    .use(postResource.routes(s))
    .get('/select', async ({ ctx }) => envelope((await postResource.ops.all(ctx)).map((p) => ({ id: p.id, postName: p.postName, postCode: p.postCode })), say(ctx.lang, 'ok')), { perm: ['system:post', 'system:user'] })
