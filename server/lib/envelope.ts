/** The one response shape of the /api contract. */
export interface Envelope<T = unknown> {
  code: number
  success: boolean
  msg: string
  data: T
}

export const envelope = <T>(data: T, msg: string, code = 200): Envelope<T> => ({ code, success: code === 200, msg, data })

export interface Page<T> {
  records: T[]
  total: number
  size: number
  current: number
  pages: number
}
