import { cardFields } from '../../../db/fields/course.ts'
import { and, eq, inArray } from 'drizzle-orm'
import { randomInt } from 'node:crypto'
import { course, courseCard, user } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { badRequest } from '../../lib/errors.ts'
import { newId } from '../../lib/ids.ts'
import { defineResource } from '../../lib/resource.ts'
import { looseBody } from '../../lib/resource-actions.ts'
import { now } from '../../lib/time.ts'
import { withTransaction } from '../../lib/transaction.ts'
import { courseResource } from './course.ts'
import './messages.ts'
import { publicRows, notDeleted } from '../../lib/tenant-rows.ts'
import { text } from '../../lib/request-schema.ts'
import type { Query } from '../../lib/resource-types.ts'

/** activation_status. */
export const CARD = { fresh: 0, used: 1, expired: 2 } as const

// No 0/O, 1/I/L: card numbers are typed by hand. 16 of 31 symbols ≈ 79 bits, so numbers cannot be guessed.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
export const newCardNumber = () =>
  Array.from({ length: 4 }, () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')).join(
    '-',
  )
/** What a learner types, in the stored form (upper case, dashes every 4). */
export const normaliseCardNumber = (s: string) => {
  const raw = s.toUpperCase().replace(/[^0-9A-Z]/g, '')
  return raw.match(/.{1,4}/g)?.join('-') ?? ''
}

export const cardResource = defineResource({
  table: courseCard,
  path: '/api/hm-courseCard/courseCard',
  code: 'content:card',
  search: ['cardNumber', 'batchNo'],
  // A printed card number stays its card's, even once removed.
  unique: [{ columns: ['tenantId', 'cardNumber'], includeDeleted: true }],
  filters: ['courseId', 'status', 'type', 'batchNo'],
  dates: ['createTime'],
  fields: cardFields,
  // The page shows the course title and the redeeming learner's name (the plain /list stays the rows).
  read: { on: ['page'], rows: (ctx, rows) => withNames(ctx, rows as (typeof courseCard.$inferSelect)[]) },
  actions: {
    // POST generate: a batch of cards (checked in generateCards, with the spec's messages).
    generate: {
      button: 'add',
      body: looseBody('courseId', 'count', 'expireTime', 'type', 'remark'),
      run: (ctx, { body }) => generateCards(ctx, body),
    },
    // GET export: a file the action answers as it is (a Response), behind its own button.
    export: {
      method: 'GET',
      button: 'export',
      body: { batchNo: text('batch') },
      run: (ctx, { query }) => cardsCsv(ctx, query),
    },
  },
  beforeWrite: async (ctx, w) => {
    if (w.op === 'remove') return
    if (w.values.courseId) await courseResource.ops.detail(ctx, w.values.courseId as string)
    if (typeof w.values.cardNumber === 'string') w.values.cardNumber = normaliseCardNumber(w.values.cardNumber)
    if (w.op === 'insert') w.values.status ??= CARD.fresh
  },
})

/** A batch of N unguessable cards for one course: { courseId, count, expireTime?, type?, remark? }. */
async function generateCards(ctx: Ctx, b: Record<string, unknown>) {
  const c = await courseResource.ops.detail(ctx, typeof b.courseId === 'string' ? b.courseId : undefined)
  const n = Number(b.count)
  if (!Number.isInteger(n) || n < 1 || n > 1000) throw badRequest('card.count', { field: 'count' }, 'count')
  const expireTime = typeof b.expireTime === 'string' && b.expireTime ? b.expireTime : null
  if (expireTime && !/^\d{4}-\d{2}-\d{2}/.test(expireTime))
    throw badRequest('validation.date', { field: 'expireTime' }, 'expireTime')
  const stamp = now()
  const batchNo = `${stamp.slice(0, 10).replace(/-/g, '')}-${newId().slice(-6)}`
  const rows = Array.from({ length: n }, () => ({
    id: newId(),
    tenantId: ctx.actor.tenantId,
    status: CARD.fresh,
    isDeleted: 0,
    remark: typeof b.remark === 'string' ? b.remark.slice(0, 255) : null,
    createUser: ctx.actor.userId,
    createDept: ctx.actor.deptIds[0] ?? null,
    createTime: stamp,
    updateUser: ctx.actor.userId,
    updateTime: stamp,
    cardNumber: newCardNumber(),
    type: Number(b.type) || 1,
    courseId: c.id,
    batchNo,
    userId: null,
    useTime: null,
    expireTime,
  }))
  await withTransaction(ctx.db, async (tx) => {
    for (let i = 0; i < rows.length; i += 200) await tx.insert(courseCard).values(rows.slice(i, i + 200))
  })
  return { batchNo, count: n }
}

/** Card rows with the course title and the redeeming learner's name. */
export async function withNames(ctx: Ctx, rows: (typeof courseCard.$inferSelect)[]) {
  const cids = [...new Set(rows.map((r) => r.courseId))]
  const uids = [...new Set(rows.map((r) => r.userId).filter((x): x is string => !!x))]
  const courses = cids.length
    ? await ctx.db.select({ id: course.id, title: course.title }).from(course).where(inArray(course.id, cids))
    : []
  const users = uids.length
    ? await ctx.db
        .select({ id: user.id, realName: user.realName, account: user.account })
        .from(user)
        .where(inArray(user.id, uids))
    : []
  return rows.map((r) => {
    const u = users.find((x) => x.id === r.userId)
    return {
      ...r,
      courseName: courses.find((c) => c.id === r.courseId)?.title ?? '',
      usrName: u ? u.realName || u.account : '',
    }
  })
}

export const csvCell = (v: unknown) => {
  const s = String(v ?? '')
  // A leading = + - @ would be a formula in a spreadsheet: prefix it.
  const safe = /^[=+\-@]/.test(s) ? `'${s}` : s
  return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** The cards matching the list's filters (batchNo, courseId, status…) as a CSV file, for printing or mailing. */
async function cardsCsv(ctx: Ctx, query: Query): Promise<Response> {
  const rows = await withNames(ctx, await cardResource.ops.all(ctx, query))
  const head =
    ctx.lang === 'en'
      ? ['Card number', 'Course', 'Batch', 'Status', 'Expires', 'Used by', 'Used at']
      : ['卡号', '课程', '批次', '状态', '有效期至', '使用人', '使用时间']
  const status = (v: number) =>
    (ctx.lang === 'en' ? ['Not activated', 'Activated', 'Expired'] : ['未激活', '已激活', '已过期'])[v] ?? String(v)
  const lines = [
    head,
    ...rows.map((r) => [r.cardNumber, r.courseName, r.batchNo, status(r.status), r.expireTime, r.usrName, r.useTime]),
  ].map((l) => l.map(csvCell).join(','))
  // BOM: spreadsheet programs then read the Chinese text as UTF-8.
  return new Response(`\uFEFF${lines.join('\r\n')}\r\n`, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="cards-${(query.batchNo ?? 'all').replace(/[^\w-]/g, '')}.csv"`,
    },
  })
}

/** Card → the course it opens; refuses unknown, used and expired cards with the spec's clear messages. */
export async function usableCard(ctx: Ctx, cardNumber: unknown) {
  if (typeof cardNumber !== 'string' || !cardNumber.trim())
    throw badRequest('card.number', { field: 'cardNumber' }, 'cardNumber')
  const [card] = await ctx.db
    .select()
    .from(courseCard)
    .where(
      and(
        eq(courseCard.cardNumber, normaliseCardNumber(cardNumber)),
        publicRows(courseCard, ctx.actor.tenantId, { why: 'a card opens a course for whoever holds its number' }),
      ),
    )
  if (!card) throw badRequest('card.unknown', { field: 'cardNumber' }, 'cardNumber')
  if (card.status === CARD.used || card.userId) throw badRequest('card.used', { field: 'cardNumber' }, 'cardNumber')
  if (card.status === CARD.expired || (card.expireTime && card.expireTime < now()))
    throw badRequest('card.expired', { field: 'cardNumber' }, 'cardNumber')
  const [c] = await ctx.db
    .select()
    .from(course)
    .where(and(eq(course.id, card.courseId), notDeleted(course)))
  if (!c) throw badRequest('card.unknown', { field: 'cardNumber' }, 'cardNumber')
  return { card, course: c }
}
