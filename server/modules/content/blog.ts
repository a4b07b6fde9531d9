import { blogDetailFields, blogFields } from '../../../db/fields/content.ts'
import { Elysia } from 'elysia'
import { and, desc, eq } from 'drizzle-orm'
import { blog, blogDetail } from '../../../db/schema/index.ts'
import { authContext } from '../../lib/auth-context.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import { ok } from '../../lib/envelope.ts'
import { badRequest } from '../../lib/errors.ts'
import { newId } from '../../lib/ids.ts'
import { defineResource } from '../../lib/resource.ts'
import { now } from '../../lib/time.ts'
import { checkImages } from '../course/course.ts'
import { sanitizeRichText } from '../../lib/rich-text.ts'
import './messages.ts'

/** blog_status. */
export const BLOG = { draft: 0, published: 1, withdrawn: 2 } as const
const DATE_TIME = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/

/** News items (blog_type categories; blog_status 0 draft, 1 published, 2 withdrawn). */
export const blogResource = defineResource({
  table: blog,
  path: '/api/blade-blog/blog',
  code: 'content:blog',
  search: ['title'],
  filters: ['category', 'status'],
  dates: ['releaseTime'],
  fields: blogFields,
  orderBy: (c) => [desc(c.releaseTime), desc(c.id)],
  beforeWrite: (_ctx, w) => {
    if (w.op === 'remove') return
    if (typeof w.values.releaseTime === 'string' && !DATE_TIME.test(w.values.releaseTime))
      throw badRequest('blog.releaseTime', { field: 'releaseTime' }, 'releaseTime')
    if (w.op === 'insert') w.values.status ??= BLOG.draft
    checkImages(w.values.cover, 1)
  },
})
/** The body of a news item; rich text sanitised on the server. */
export const blogDetailResource = defineResource({
  table: blogDetail,
  path: '/api/blade-blog/blogDetail',
  code: 'content:blog',
  filters: ['blogId'],
  fields: blogDetailFields,
  beforeWrite: async (ctx, w) => {
    if (w.op === 'remove') return
    if (w.op === 'insert') await blogResource.ops.detail(ctx, w.values.blogId as string)
    if (typeof w.values.content === 'string') w.values.content = sanitizeRichText('newsBody', w.values.content)
  },
})

/** The body of an item (or '' when none was written). */
export async function blogContent(ctx: Ctx, blogId: string) {
  const [d] = await ctx.db
    .select({ content: blogDetail.content })
    .from(blogDetail)
    .where(and(eq(blogDetail.blogId, blogId), eq(blogDetail.isDeleted, 0)))
    .limit(1)
  return d?.content ?? ''
}

export const blogRoutes = (s: Services) =>
  new Elysia()
    .use(blogResource.routes(s))
    .use(blogDetailResource.routes(s))
    .use(
      new Elysia()
        .use(authContext(s))
        // One call for the editor: the item with its body.
        .get(
          '/api/blade-blog/blogDetail/content',
          async ({ ctx, query }) => {
            const b = await blogResource.ops.detail(ctx, query.blogId ?? query.id)
            return ok(ctx, { blogId: b.id, content: await blogContent(ctx, b.id) })
          },
          { perm: 'content:blog' },
        )
        // Saves the body of an item (one detail row per item), sanitised.
        .post(
          '/api/blade-blog/blogDetail/save',
          async ({ ctx, body }) => {
            const v = (body ?? {}) as Record<string, unknown>
            const b = await blogResource.ops.detail(ctx, typeof v.blogId === 'string' ? v.blogId : undefined)
            const content = sanitizeRichText('newsBody', typeof v.content === 'string' ? v.content : '')
            const [d] = await ctx.db
              .select({ id: blogDetail.id })
              .from(blogDetail)
              .where(and(eq(blogDetail.blogId, b.id), eq(blogDetail.isDeleted, 0)))
              .limit(1)
            const stamp = now()
            if (d)
              await ctx.db
                .update(blogDetail)
                .set({ content, updateUser: ctx.actor.userId, updateTime: stamp })
                .where(eq(blogDetail.id, d.id))
            else
              await ctx.db.insert(blogDetail).values({
                id: newId(),
                tenantId: b.tenantId,
                blogId: b.id,
                content,
                createUser: ctx.actor.userId,
                createDept: ctx.actor.deptIds[0] ?? null,
                createTime: stamp,
                updateUser: ctx.actor.userId,
                updateTime: stamp,
              })
            return ok(ctx, { blogId: b.id, content }, 'ok.updated')
          },
          { perm: 'content:blog:edit' },
        ),
    )
