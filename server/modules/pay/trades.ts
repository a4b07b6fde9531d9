import type { Db } from '../../lib/db.ts'
import type { Account } from './accounts.ts'
import { alipayClose, alipayQuery, alipayRefund } from './alipay.ts'
import type { Order } from './settle.ts'
import { wxpayClose, wxpayQuery, wxpayRefund } from './wxpay.ts'

/** One trade as either provider reports it, in fen. */
export interface Trade {
  paid: boolean
  closed: boolean
  transactionId: string
  amount: number | null
}

/** Asks the provider about an order (undefined: it never saw it). A WeChat answer for another merchant is no answer. */
export async function queryTrade(db: Db, a: Account, o: Order): Promise<Trade | undefined> {
  if (a.provider === 'alipay') return alipayQuery(db, a.config, o)
  const t = await wxpayQuery(db, a.config, o)
  if (t && (t.mchId !== a.config.mchId || t.appId !== a.config.appId)) return undefined
  return t
}

export const closeTrade = (db: Db, a: Account, o: Order) =>
  a.provider === 'alipay' ? alipayClose(db, a.config, o) : wxpayClose(db, a.config, o)

export const refundTrade = (db: Db, a: Account, o: Order, outRefundNo: string, amount: number, reason: string) =>
  a.provider === 'alipay'
    ? alipayRefund(db, a.config, o, outRefundNo, amount, reason)
    : wxpayRefund(db, a.config, o, outRefundNo, amount, reason)
