import { Elysia } from 'elysia'
import { and, asc, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm'
import { banner, cloudDocument, cloudFolder, courseCard, download, downloadMessage } from '../../../db/schema/index.ts'
import { authContext } from '../../lib/auth-context.ts'
import type { Services } from '../../lib/context.ts'
import { envelope, ok } from '../../lib/envelope.ts'
import { contains } from '../../lib/like.ts'
import { pageRows } from '../../lib/page-query.ts'
import { t } from '../../lib/messages.ts'
import { badRequest, notFound } from '../../lib/errors.ts'
import { newId } from '../../lib/ids.ts'
import { pageOf, parsePaging } from '../../lib/paging.ts'
import { PUBLIC, SIGNED_IN } from '../../lib/permissions.ts'
import { now } from '../../lib/time.ts'
import { documentInfo, lazyLevel } from '../content/cloud.ts'
import { checkContact } from '../content/download.ts'
import { CARD, usableCard, withNames } from '../course/card.ts'
import { ENROL, SOURCE, enrol } from '../course/enrolment.ts'
import { filesOf } from '../resource/files.ts'
import { fileOfTenant } from '../../lib/file-refs.ts'
import '../content/messages.ts'
import { ownRows, publicRows } from '../../lib/tenant-rows.ts'
import { handWritten } from '../../lib/hand-written.ts'
import { paging, query as queryOf, text } from '../../lib/request-schema.ts'

const PORTAL = 'what the school publishes on its portal, to every visitor'

const idOf = (v: unknown, field = 'id') => {
  if (typeof v !== 'string' || !/^\d{1,20}$/.test(v)) throw badRequest('validation.id', { field }, field)
  return v
}
/** A download card's columns; the rest (the stored file among them) is not read for the list. */
const DOWNLOAD_CARD = ['id', 'title', 'cover', 'intro', 'fileSize', 'count', 'tag', 'createTime']
const DOWNLOAD_OMIT = Object.keys(getTableColumns(download)).filter((k) => !DOWNLOAD_CARD.includes(k))
const DOWNLOAD_ORDER = [desc(download.id)]

export const portalContentRoutes = (s: Services) =>
  handWritten(
    "the portal's banners, downloads and lead form, cloud documents and activation cards: public reads and the caller's own",
    portalContentRoutesPlugin(s),
  )

const portalContentRoutesPlugin = (s: Services) =>
  new Elysia()
    .use(authContext(s))
    .get(
      '/api/nop-wbp/banner/getBannerByType',
      async ({ ctx, query }) => {
        const position = Number(query.position ?? query.type ?? 1)
        if (!Number.isInteger(position)) throw badRequest('validation.invalid', { field: 'position' }, 'position')
        const rows = await ctx.db
          .select({
            id: banner.id,
            cover: banner.cover,
            title: banner.title,
            subtitle: banner.subtitle,
            href: banner.href,
            target: banner.target,
            position: banner.position,
          })
          .from(banner)
          .where(
            and(
              publicRows(banner, ctx.actor.tenantId, { why: PORTAL }),
              eq(banner.status, 1),
              eq(banner.position, position),
            ),
          )
          .orderBy(asc(banner.sort), desc(banner.id))
        return ok(ctx, rows)
      },
      { perm: PUBLIC, query: queryOf({ position: text('position'), type: text('type') }) },
    )
    // News and notices are public views of the blog resource (content/blog.ts).
    // Downloads: the list never carries the file; it is released by downloadMessage/save.
    .get(
      '/api/nop-wbp/download/list',
      async ({ ctx, query }) => {
        const { current, size, offset } = parsePaging(query)
        const where: SQL[] = [publicRows(download, ctx.actor.tenantId, { why: PORTAL }), eq(download.status, 1)]
        if (query.tag) where.push(eq(download.tag, Number(query.tag) || 0))
        if (query.title) where.push(contains(download.title, query.title))
        const { rows, total } = pageRows(
          ctx.db,
          { table: download, where: and(...where), orderBy: DOWNLOAD_ORDER, keyDesc: download.id, omit: DOWNLOAD_OMIT },
          size,
          offset,
        )
        // The list's fields in the order it has always answered them; the file itself is never read.
        const cards = rows.map(({ id, title, cover, intro, fileSize, count, tag, createTime }) => ({
          id,
          title,
          cover,
          intro,
          fileSize,
          count,
          tag,
          createTime,
        }))
        return ok(ctx, pageOf(cards, total, current, size))
      },
      { perm: PUBLIC },
    )
    // The lead form: records who asks, counts the download and answers a link to the file valid for 10 minutes.
    .post(
      '/api/nop-wbp/downloadMessage/save',
      async ({ ctx, body }) => {
        const b = { ...((body ?? {}) as Record<string, unknown>) }
        if (typeof b.name !== 'string' || !b.name.trim()) throw badRequest('lead.name', { field: 'name' }, 'name')
        checkContact(b)
        const fileId = idOf(b.downloadFileId, 'downloadFileId')
        const [file] = await ctx.db
          .select()
          .from(download)
          .where(
            and(
              eq(download.id, fileId),
              publicRows(download, ctx.actor.tenantId, { why: PORTAL }),
              eq(download.status, 1),
            ),
          )
        // Signed only when the download names a file of this school (an older row may name anything).
        const stored = file && (await fileOfTenant(ctx.db, ctx.actor.tenantId, file.fileAddress))
        if (!file || !stored) throw notFound()
        const str = (k: string, max = 100) =>
          typeof b[k] === 'string' && b[k] ? (b[k] as string).trim().slice(0, max) : null
        const stamp = now()
        ctx.db.transaction((tx) => {
          tx.insert(downloadMessage)
            .values({
              id: newId(),
              tenantId: ctx.actor.tenantId,
              name: str('name')!,
              phone: b.phone as string,
              email: str('email'),
              unit: str('unit'),
              qq: str('qq', 20),
              wechat: str('wechat', 50),
              birthday: str('birthday', 10),
              category: str('category', 50),
              downloadFileId: file.id,
              createUser: ctx.actor.userId || null,
              createTime: stamp,
              updateTime: stamp,
            })
            .run()
          tx.update(download)
            .set({ count: sql`${download.count} + 1` })
            .where(eq(download.id, file.id))
            .run()
        })
        return ok(ctx, { link: filesOf(s).sign(stored.link, 600), title: file.title })
      },
      { perm: PUBLIC },
    )
    // Cloud documents: folders level by level, the documents of a folder, one document (its file for signed-in users).
    .get(
      '/api/nop-wbp/folder/lazy-tree',
      async ({ ctx, query }) =>
        ok(
          ctx,
          (
            await lazyLevel(ctx, query.parentId || '0', publicRows(cloudFolder, ctx.actor.tenantId, { why: PORTAL }))
          ).map((f) => ({
            id: f.id,
            parentId: f.parentId,
            name: f.name,
            hasChildren: f.hasChildren,
          })),
        ),
      { perm: PUBLIC, query: queryOf({ parentId: text('parent (0 for the top)') }) },
    )
    .get(
      '/api/nop-wbp/folder/getDocument',
      async ({ ctx, query }) => {
        const folderId = idOf(query.folderId, 'folderId')
        const [f] = await ctx.db
          .select({ id: cloudFolder.id })
          .from(cloudFolder)
          .where(and(eq(cloudFolder.id, folderId), publicRows(cloudFolder, ctx.actor.tenantId, { why: PORTAL })))
        if (!f) throw notFound()
        const rows = await ctx.db
          .select({
            id: cloudDocument.id,
            title: cloudDocument.title,
            fileType: cloudDocument.fileType,
            fileSize: cloudDocument.fileSize,
            intro: cloudDocument.intro,
            updateTime: cloudDocument.updateTime,
          })
          .from(cloudDocument)
          .where(and(eq(cloudDocument.folderId, f.id), eq(cloudDocument.isDeleted, 0), eq(cloudDocument.status, 1)))
          .orderBy(asc(cloudDocument.sort), asc(cloudDocument.id))
        return ok(ctx, rows)
      },
      { perm: PUBLIC, query: queryOf({ folderId: text('folder') }) },
    )
    .get(
      '/api/nop-wbp/document/detail',
      async ({ ctx, query }) => {
        const [doc] = await ctx.db
          .select()
          .from(cloudDocument)
          .where(
            and(
              eq(cloudDocument.id, idOf(query.id)),
              publicRows(cloudDocument, ctx.actor.tenantId, { why: PORTAL }),
              eq(cloudDocument.status, 1),
            ),
          )
        if (!doc) throw notFound()
        const meta = {
          id: doc.id,
          folderId: doc.folderId,
          title: doc.title,
          fileType: doc.fileType,
          fileSize: doc.fileSize,
          intro: doc.intro,
          updateTime: doc.updateTime,
        }
        if (ctx.actor.kind !== 'user') return ok(ctx, { ...meta, link: null, text: null, needLogin: true })
        const info = await documentInfo(s, doc)
        return ok(ctx, { ...meta, link: info.link, text: info.text, needLogin: false })
      },
      { perm: PUBLIC, query: queryOf({ id: text('id') }) },
    )
    // Activation cards: check (which course it opens), use (enrol, approved), and my used cards.
    .get(
      '/api/nep-wbp/courseCard/checkCard',
      async ({ ctx, query }) => {
        const { card, course } = await usableCard(ctx, query.cardNumber)
        return envelope(
          { cardNumber: card.cardNumber, courseId: course.id, courseName: course.title, expireTime: card.expireTime },
          t(ctx.lang, 'card.ok', { course: course.title }),
        )
      },
      { perm: SIGNED_IN, query: queryOf({ cardNumber: text('card number') }) },
    )
    .get(
      '/api/nep-wbp/courseCard/useCard',
      async ({ ctx, query }) => {
        const { card, course } = await usableCard(ctx, query.cardNumber)
        const stamp = now()
        // The status guard makes a race between two learners with one card end with one winner.
        const used = ctx.db
          .update(courseCard)
          .set({
            status: CARD.used,
            userId: ctx.actor.userId,
            useTime: stamp,
            updateUser: ctx.actor.userId,
            updateTime: stamp,
          })
          .where(and(eq(courseCard.id, card.id), eq(courseCard.status, CARD.fresh)))
          .returning({ id: courseCard.id })
          .all()
        if (!used.length) throw badRequest('card.used', { field: 'cardNumber' }, 'cardNumber')
        await enrol(ctx, course.id, ctx.actor.userId, SOURCE.card, ENROL.approved)
        return envelope(
          { courseId: course.id, courseName: course.title },
          t(ctx.lang, 'card.redeemed', { course: course.title }),
        )
      },
      { perm: SIGNED_IN, query: queryOf({ cardNumber: text('card number') }) },
    )
    .get(
      '/api/nep-wbp/courseCard/getUseList',
      async ({ ctx, query }) => {
        const { current, size, offset } = parsePaging(query)
        const where = and(ownRows(courseCard, ctx))
        const { rows, total } = pageRows(
          ctx.db,
          { table: courseCard, where, orderBy: [desc(courseCard.useTime)] },
          size,
          offset,
        )
        return ok(
          ctx,
          pageOf(
            (await withNames(ctx, rows)).map((r) => ({
              id: r.id,
              cardNumber: r.cardNumber,
              courseId: r.courseId,
              courseName: r.courseName,
              useTime: r.useTime,
              status: r.status,
              expireTime: r.expireTime,
            })),
            total,
            current,
            size,
          ),
        )
      },
      { perm: SIGNED_IN, query: queryOf({ ...paging() }) },
    )
