import { inArray } from 'drizzle-orm'
import { fenToYuan } from '../../../db/fields/types.ts'
import { orderFields } from '../../../db/fields/pay.ts'
import { user } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { csvCell } from '../course/card.ts'
import type { Order } from './settle.ts'

/** Orders (as the list's filters found them) as a CSV file for the school's accounts, amounts in yuan. */
export async function ordersCsv(ctx: Ctx, rows: Order[]): Promise<Response> {
  const ids = [...new Set(rows.map((r) => r.userId))]
  const users = ids.length
    ? await ctx.db
        .select({ id: user.id, realName: user.realName, account: user.account })
        .from(user)
        .where(inArray(user.id, ids))
    : []
  const name = (id: string) => {
    const u = users.find((x) => x.id === id)
    return u ? u.realName || u.account : ''
  }
  const lang = ctx.lang
  const status = (v: number) => orderFields.status.options.find((o) => o.value === v)?.label[lang] ?? String(v)
  const cols = [
    'outTradeNo',
    'itemName',
    'userId',
    'amount',
    'refundedAmount',
    'channel',
    'status',
    'transactionId',
    'createTime',
    'paidTime',
  ] as const
  const head = cols.map((c) => orderFields[c].label[lang])
  const cell = (r: Order, c: (typeof cols)[number]) =>
    c === 'userId'
      ? name(r.userId)
      : c === 'amount' || c === 'refundedAmount'
        ? fenToYuan(r[c])
        : c === 'status'
          ? status(r.status)
          : r[c]
  const lines = [head, ...rows.map((r) => cols.map((c) => cell(r, c)))].map((l) => l.map(csvCell).join(','))
  // BOM: spreadsheet programs then read the Chinese text as UTF-8.
  return new Response(`\uFEFF${lines.join('\r\n')}\r\n`, {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="orders.csv"' },
  })
}
