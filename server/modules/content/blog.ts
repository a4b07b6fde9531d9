import { blogDetailFields, blogFields } from '../../../db/fields/content.ts'
import { and, asc, desc, eq, lte, sql, type SQL } from 'drizzle-orm'
import { publicRows, notDeleted } from '../../lib/tenant-rows.ts'
import type { Row } from '../../lib/resource-types.ts'
import { blog, blogDetail } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { badRequest } from '../../lib/errors.ts'
import { newId } from '../../lib/ids.ts'
import { first } from '../../lib/rows.ts'
import { defineResource } from '../../lib/resource.ts'
import { now } from '../../lib/time.ts'
import { checkImages } from '../course/course.ts'
import { sanitizeRichText } from '../../lib/rich-text.ts'
import { text } from '../../lib/request-schema.ts'
import { transact } from '../../lib/transaction.ts'
import { Type } from '@sinclair/typebox'
import './messages.ts'

/** blog_status. */
export const BLOG = { draft: 0, published: 1, withdrawn: 2 } as const
const DATE_TIME = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/

/** blog_type 2 is "notices": the portal's notice calls read those. */
const NOTICE = 2
const PORTAL = 'what the school publishes on its portal, to every visitor'

/** News a guest may read: published and already released. */
const published = (ctx: Ctx) =>
  and(
    publicRows(blog, ctx.actor.tenantId, { why: PORTAL }),
    eq(blog.status, BLOG.published),
    lte(blog.releaseTime, now()),
  )!

/** A portal view of news: the list's columns, searched by title; one item with its body and neighbours. */
const newsView = (shown: (ctx: Ctx) => SQL) => ({
  why: PORTAL,
  fields: ['id', 'title', 'category', 'releaseTime', 'cover', 'summary'],
  search: ['title'],
  where: shown,
  rows: async (ctx: Ctx, rows: Row[], route: 'list' | 'detail') => {
    if (route === 'list') return rows
    const b = rows[0] as { id: string; category: number; releaseTime: string }
    const around = (dir: 'prev' | 'next') =>
      ctx.db
        .select({ id: blog.id, title: blog.title })
        .from(blog)
        .where(
          and(
            published(ctx),
            eq(blog.category, b.category),
            dir === 'prev'
              ? sql`(${blog.releaseTime}, ${blog.id}) < (${b.releaseTime}, ${b.id})`
              : sql`(${blog.releaseTime}, ${blog.id}) > (${b.releaseTime}, ${b.id})`,
          ),
        )
        .orderBy(dir === 'prev' ? desc(blog.releaseTime) : asc(blog.releaseTime))
        .limit(1)
    const [[prev], [next]] = await Promise.all([around('prev'), around('next')])
    return [{ ...b, content: await blogContent(ctx, b.id), prev: prev ?? null, next: next ?? null }]
  },
})

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
  // The portal's news and notices (news of category 2): published and released items, a list and one item with
  // its body and its neighbours in the same category.
  views: [
    { path: '/api/nop-wbp/blog', filters: ['category'], ...newsView((ctx) => published(ctx)) },
    { path: '/api/nop-wbp/notice', ...newsView((ctx) => and(published(ctx), eq(blog.category, NOTICE))!) },
  ],
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
  // The editor's calls, through the item (blogId or id, found in the caller's scope): its body, and saving it —
  // one detail row per item, written or replaced, sanitised.
  actions: {
    content: {
      method: 'GET',
      button: 'content:blog',
      body: { blogId: text('the news item'), id: text('the news item (as id)') },
      run: async (ctx, { body }) => {
        const b = await blogResource.ops.detail(ctx, (body.blogId ?? body.id) as string | undefined)
        return { blogId: b.id, content: await blogContent(ctx, b.id) }
      },
    },
    save: {
      button: 'edit',
      body: { blogId: Type.Optional(Type.String()), content: Type.Optional(Type.Union([Type.String(), Type.Null()])) },
      message: 'ok.updated',
      run: async (ctx, { body }) => {
        const b = await blogResource.ops.detail(ctx, body.blogId as string | undefined)
        const content = sanitizeRichText('newsBody', typeof body.content === 'string' ? body.content : '')
        const stamp = now()
        // The look-up and the write in one transaction: two saves of a new item's body leave one row. The item's
        // row is written first (unchanged) so that concurrent saves of one body take turns: on PostgreSQL that row
        // lock makes the second wait for the first's commit and then find its row; SQLite locks the whole database.
        await transact(ctx, async (tx) => {
          await tx
            .update(blog)
            .set({ updateTime: sql`${blog.updateTime}` })
            .where(eq(blog.id, b.id))
          const d = await first(
            tx
              .select({ id: blogDetail.id })
              .from(blogDetail)
              .where(and(eq(blogDetail.blogId, b.id), notDeleted(blogDetail))),
          )
          if (d)
            await tx
              .update(blogDetail)
              .set({ content, updateUser: ctx.actor.userId, updateTime: stamp })
              .where(eq(blogDetail.id, d.id))
          else
            await tx.insert(blogDetail).values({
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
        })
        return { blogId: b.id, content }
      },
    },
  },
})

/** The body of an item (or '' when none was written). */
export async function blogContent(ctx: Ctx, blogId: string) {
  const [d] = await ctx.db
    .select({ content: blogDetail.content })
    .from(blogDetail)
    .where(and(eq(blogDetail.blogId, blogId), notDeleted(blogDetail)))
    .limit(1)
  return d?.content ?? ''
}
