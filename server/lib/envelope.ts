import type { Ctx } from './context.ts'
import { t } from './messages.ts'

/** The one response shape of the /api contract. */
export interface Envelope<T = unknown> {
  code: number
  success: boolean
  msg: string
  data: T
}

export const envelope = <T>(data: T, msg: string, code = 200): Envelope<T> => ({
  code,
  success: code === 200,
  msg,
  data,
})

export interface Page<T> {
  records: T[]
  total: number
  size: number
  current: number
  pages: number
}

/** The success envelope in the caller's language: every route answers success through this one helper. */
export const ok = <T>(ctx: Ctx, data: T, key = 'ok'): Envelope<T> => envelope(data, t(ctx.lang, key))
