/**
 * The portal's site content, declared as views of the content and card resources: banners by position,
 * downloads and the lead form that releases one, cloud folders and documents (a document's file for
 * signed-in visitors), and activation cards (check, use, and the caller's own used cards).
 */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm'
import { banner, cloudDocument, cloudFolder, courseCard, download, downloadMessage } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import type { Row } from '../../lib/resource-types.ts'
import { badRequest, notFound } from '../../lib/errors.ts'
import { fileOfTenant } from '../../lib/file-refs.ts'
import { newId } from '../../lib/ids.ts'
import { given, text } from '../../lib/request-schema.ts'
import { said, viewsOf } from '../../lib/resource-views.ts'
import { notDeleted, publicRows } from '../../lib/tenant-rows.ts'
import { now } from '../../lib/time.ts'
import { overTransaction, transact, withTransaction } from '../../lib/transaction.ts'
import { bannerResource } from '../content/banner.ts'
import { documentInfo, documentResource, folderResource } from '../content/cloud.ts'
import { checkContact, downloadResource } from '../content/download.ts'
import '../content/messages.ts'
import { CARD, cardResource, usableCard, withNames } from '../course/card.ts'
import { ENROL, SOURCE, enrol } from '../course/enrolment.ts'
import { filesOf } from '../resource/files.ts'
import { PORTAL } from './course.ts'

const idOf = (v: unknown, field = 'id') => {
  if (typeof v !== 'string' || !/^\d{1,20}$/.test(v)) throw badRequest('validation.id', { field }, field)
  return v
}

/** Banners of one position (`position`, or `type` from older pages; 1 unless asked), listed ones in staff's order. */
export const portalBannerViews = viewsOf(bannerResource, [
  {
    path: '/api/nop-wbp/banner',
    why: PORTAL,
    // In the order the call has always answered them.
    fields: ['id', 'cover', 'title', 'subtitle', 'href', 'target', 'position'],
    routes: ['list'],
    paths: { list: '/getBannerByType' },
    all: {},
    where: (_ctx, q) => {
      const position = Number(q.position ?? q.type ?? 1)
      if (!Number.isInteger(position)) throw badRequest('validation.invalid', { field: 'position' }, 'position')
      return and(eq(banner.status, 1), eq(banner.position, position))
    },
    query: { list: { position: text('position'), type: text('position (older pages)') } },
    orderBy: (c) => [asc(c.sort), desc(c.id)],
  },
])

/** A download card's columns, in the order the list has always answered them; the file itself is never read. */
const DOWNLOAD_CARD = ['id', 'title', 'cover', 'intro', 'fileSize', 'count', 'tag', 'createTime']
const published = () => eq(download.status, 1)

/** Downloads: the list never carries the file; the lead form releases it, counting the download. */
export const portalDownloadViews = viewsOf(downloadResource, [
  {
    path: '/api/nop-wbp/download',
    why: PORTAL,
    fields: DOWNLOAD_CARD,
    routes: ['list'],
    // A tag that is not a number asks for tag 0, as the page has always been answered.
    where: (_ctx, q) => and(published(), ...(q.tag ? [eq(download.tag, Number(q.tag) || 0)] : [])),
    search: ['title'],
    query: { list: { tag: text('file tag (dictionary key)') } },
    orderBy: (c) => [desc(c.id)],
    rows: (_ctx, rows) =>
      rows.map((r) => {
        const { id, title, cover, intro, fileSize, count, tag, createTime } = r as typeof download.$inferSelect
        return { id, title, cover, intro, fileSize, count, tag, createTime }
      }),
  },
  {
    path: '/api/nop-wbp/downloadMessage',
    why: PORTAL,
    fields: ['id'],
    routes: [],
    where: published,
    actions: {
      // The lead form: records who asks, counts the download and answers a link to the file valid for 10 minutes.
      save: {
        body: {
          name: given('who asks'),
          phone: given('phone number (11 digits)'),
          email: given('e-mail'),
          unit: given('school or company'),
          qq: given('QQ'),
          wechat: given('WeChat'),
          birthday: given('birthday'),
          category: given('category'),
          downloadFileId: given('the download'),
        },
        run: async (ctx, { body: b, where, services }) => {
          if (typeof b.name !== 'string' || !b.name.trim()) throw badRequest('lead.name', { field: 'name' }, 'name')
          checkContact(b)
          const fileId = idOf(b.downloadFileId, 'downloadFileId')
          const [file] = await ctx.db
            .select()
            .from(download)
            .where(and(where, eq(download.id, fileId)))
          // Signed only when the download names a file of this school (an older row may name anything).
          const stored = file && (await fileOfTenant(ctx.db, ctx.actor.tenantId, file.fileAddress))
          if (!file || !stored) throw notFound()
          const str = (k: string, max = 100) =>
            typeof b[k] === 'string' && b[k] ? (b[k] as string).trim().slice(0, max) : null
          const stamp = now()
          await withTransaction(ctx.db, async (tx) => {
            await tx.insert(downloadMessage).values({
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
            await tx
              .update(download)
              .set({ count: sql`${download.count} + 1` })
              .where(eq(download.id, file.id))
          })
          return { link: filesOf(services).sign(stored.link, 600), title: file.title }
        },
      },
    },
  },
])

/** Which of these folders have folders below them (one count for the level). */
async function withChildFlags(ctx: Ctx, level: Row[]) {
  const ids = level.map((f) => f.id as string)
  const kids = ids.length
    ? await ctx.db
        .select({ parentId: cloudFolder.parentId, n: count() })
        .from(cloudFolder)
        .where(and(inArray(cloudFolder.parentId, ids), notDeleted(cloudFolder)))
        .groupBy(cloudFolder.parentId)
    : []
  return level.map((f) => ({ ...f, hasChildren: kids.some((k) => k.parentId === f.id) }))
}

/** Cloud documents: folders level by level, the documents of a folder, one document (its file for signed-in users). */
export const portalFolderViews = viewsOf(folderResource, [
  {
    path: '/api/nop-wbp/folder',
    why: PORTAL,
    fields: ['id', 'parentId', 'name'],
    routes: ['list'],
    paths: { list: '/lazy-tree' },
    all: {},
    where: (_ctx, q) => eq(cloudFolder.parentId, q.parentId || '0'),
    query: { list: { parentId: text('parent (0 for the top)') } },
    orderBy: (c) => [asc(c.sort), asc(c.id)],
    rows: withChildFlags,
  },
])

const DOCUMENT_META = ['id', 'folderId', 'title', 'fileType', 'fileSize', 'intro', 'updateTime']
type Document = typeof cloudDocument.$inferSelect

export const portalDocumentViews = viewsOf(documentResource, [
  {
    path: '/api/nop-wbp/folder',
    why: PORTAL,
    // In the order the call has always answered them.
    fields: ['id', 'title', 'fileType', 'fileSize', 'intro', 'updateTime'],
    routes: ['list'],
    paths: { list: '/getDocument' },
    all: {},
    // The folder must be one the school shows; its listed documents.
    where: async (ctx, q) => {
      const folderId = idOf(q.folderId, 'folderId')
      const [f] = await ctx.db
        .select({ id: cloudFolder.id })
        .from(cloudFolder)
        .where(and(eq(cloudFolder.id, folderId), publicRows(cloudFolder, ctx.actor.tenantId, { why: PORTAL })))
      if (!f) throw notFound()
      return and(eq(cloudDocument.folderId, f.id), eq(cloudDocument.status, 1))
    },
    query: { list: { folderId: text('folder') } },
    orderBy: (c) => [asc(c.sort), asc(c.id)],
  },
  {
    path: '/api/nop-wbp/document',
    why: PORTAL,
    fields: [...DOCUMENT_META, 'tenantId', 'fileAddress'],
    routes: ['detail'],
    where: () => eq(cloudDocument.status, 1),
    // The description to everyone; the file (a signed link, a Markdown text) to signed-in visitors.
    rows: (ctx, rows, _route, s) =>
      Promise.all(
        rows.map(async (row) => {
          const doc = row as Document
          const meta = {
            id: doc.id,
            folderId: doc.folderId,
            title: doc.title,
            fileType: doc.fileType,
            fileSize: doc.fileSize,
            intro: doc.intro,
            updateTime: doc.updateTime,
          }
          if (ctx.actor.kind !== 'user') return { ...meta, link: null, text: null, needLogin: true }
          const info = await documentInfo(s, doc)
          return { ...meta, link: info.link, text: info.text, needLogin: false }
        }),
      ),
  },
])

const cardNumber = { cardNumber: text('card number') }

/** Activation cards: check (which course it opens), use (enrol, approved), and my used cards. */
export const portalCardViews = viewsOf(cardResource, [
  {
    path: '/api/nep-wbp/courseCard',
    why: "a learner's own used cards",
    own: true,
    fields: ['id', 'cardNumber', 'courseId', 'userId', 'useTime', 'status', 'expireTime'],
    routes: ['list'],
    paths: { list: '/getUseList' },
    orderBy: (c) => [desc(c.useTime)],
    rows: async (ctx, rows) =>
      (await withNames(ctx, rows as (typeof courseCard.$inferSelect)[])).map((r) => ({
        id: r.id,
        cardNumber: r.cardNumber,
        courseId: r.courseId,
        courseName: r.courseName,
        useTime: r.useTime,
        status: r.status,
        expireTime: r.expireTime,
      })),
    actions: {
      checkCard: {
        method: 'GET',
        query: cardNumber,
        run: async (ctx, { query }) => {
          const { card, course } = await usableCard(ctx, query.cardNumber)
          return said(
            { cardNumber: card.cardNumber, courseId: course.id, courseName: course.title, expireTime: card.expireTime },
            'card.ok',
            { course: course.title },
          )
        },
      },
      useCard: {
        method: 'GET',
        query: cardNumber,
        run: async (ctx, { query }) => {
          const { card, course } = await usableCard(ctx, query.cardNumber)
          const stamp = now()
          // The status guard makes a race between two learners with one card end with one winner; the card is
          // spent and the enrolment made in one transaction, so a failed enrolment leaves the card unused.
          await transact(ctx, async (tx) => {
            const used = await tx
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
            if (!used.length) throw badRequest('card.used', { field: 'cardNumber' }, 'cardNumber')
            await enrol(overTransaction(ctx, tx), course.id, ctx.actor.userId, SOURCE.card, ENROL.approved)
          })
          return said({ courseId: course.id, courseName: course.title }, 'card.redeemed', { course: course.title })
        },
      },
    },
  },
])
