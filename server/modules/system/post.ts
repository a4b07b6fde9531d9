import { asc } from 'drizzle-orm'
import { post } from '../../../db/schema/index.ts'
import { postFields } from '../../../db/fields/system.ts'
import type { Services } from '../../lib/context.ts'
import { defineResource } from '../../lib/resource.ts'
import { actingFor } from './platform-only.ts'
import { nameSearch, text } from './look-ups.ts'

export const postResource = defineResource({
  table: post,
  path: '/api/blade-system/post',
  code: 'system:post',
  search: ['postName', 'postCode'],
  filters: ['category'],
  fields: postFields,
  unique: ['postCode'],
  actions: {
    // The user form picks posts from here; the platform administrator may name another tenant.
    select: {
      method: 'GET',
      button: ['system:post', 'system:user'],
      body: { tenantId: text('another school (platform administrator)') },
      run: async (ctx, { query }): Promise<unknown[]> => {
        const as = await actingFor(ctx, query.tenantId)
        const rows = await as.db
          .select()
          .from(post)
          .where(await postResource.scope(as))
          .orderBy(asc(post.sort))
        return rows.map((p) => ({ id: p.id, postName: p.postName, postCode: p.postCode, category: p.category }))
      },
    },
    'search-post': {
      method: 'GET',
      path: '/api/blade-system/search/post',
      button: 'system:post',
      body: { name: text('contains') },
      run: async (ctx, { query }): Promise<unknown[]> =>
        nameSearch(ctx, post, await postResource.scope(ctx), post.postName, query.name),
    },
  },
})

export const postRoutes = (s: Services) => postResource.routes(s)
