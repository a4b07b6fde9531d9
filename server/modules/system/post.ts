import { Elysia } from 'elysia'
import { asc } from 'drizzle-orm'
import { post } from '../../../db/schema/index.ts'
import { postFields } from '../../../db/fields/system.ts'
import type { Services } from '../../lib/context.ts'
import { authContext } from '../../lib/auth-context.ts'
import { ok } from '../../lib/envelope.ts'
import { defineResource } from '../../lib/resource.ts'
import { actingFor } from './platform-only.ts'
import { query as queryOf, text } from '../../lib/request-schema.ts'
import { handWritten } from '../../lib/hand-written.ts'

export const postResource = defineResource({
  table: post,
  path: '/api/blade-system/post',
  code: 'system:post',
  search: ['postName', 'postCode'],
  filters: ['category'],
  fields: postFields,
  unique: ['postCode'],
})

export const postRoutes = (s: Services) =>
  handWritten(
    "the user form's post picker, also for another school the platform administrator names",
    postRoutesPlugin(s),
  )

const postRoutesPlugin = (s: Services) =>
  new Elysia().use(postResource.routes(s)).use(
    new Elysia({ prefix: postResource.options.path })
      .use(authContext(s))
      // The user form picks posts from here; the platform administrator may name another tenant.
      .get(
        '/select',
        async ({ ctx, query }) => {
          const as = await actingFor(ctx, query.tenantId)
          const rows = await as.db
            .select()
            .from(post)
            .where(await postResource.scope(as))
            .orderBy(asc(post.sort))
          return ok(
            ctx,
            rows.map((p) => ({ id: p.id, postName: p.postName, postCode: p.postCode, category: p.category })),
          )
        },
        {
          perm: ['system:post', 'system:user'],
          query: queryOf({ tenantId: text('another school (platform administrator)') }),
        },
      ),
  )
