import type { Lang } from './messages.ts'

/**
 * Errors are values: throw an ApiError anywhere and the app's single onError
 * turns it into the envelope. `key` names a message in messages.ts so the
 * caller reads it in its own language; `isPublic=false` hides the text behind
 * a generic 500 and keeps the detail in the log.
 */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 411 | 413 | 423 | 429 | 500 | 503,
    readonly key: string,
    readonly params: Record<string, string | number> = {},
    readonly isPublic = true,
    /** Set on 400s: the request field at fault, so the web can mark that input. */
    readonly field?: string,
  ) {
    super(key)
  }
}

export const badRequest = (key: string, params: Record<string, string | number> = {}, field?: string) =>
  new ApiError(400, key, params, true, field ?? (params.field as string | undefined))
export const notFound = () => new ApiError(404, 'error.notFound')
export const forbidden = () => new ApiError(403, 'error.forbidden')
export const unauthorized = (key = 'error.unauthorized') => new ApiError(401, key)
export const conflict = (key: string, params: Record<string, string | number> = {}) => new ApiError(409, key, params)

export type { Lang }
