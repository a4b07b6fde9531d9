import { Elysia } from 'elysia'
import type { Services } from './context.ts'
import { ApiError } from './errors.ts'
import { defineMessages } from './messages.ts'

defineMessages({
  'error.bodyTooLarge': { zh: '请求体过大（最多 {max}）', en: 'the request body is too large (at most {max})' },
  'error.lengthRequired': { zh: '请求须声明 Content-Length', en: 'the request must declare its Content-Length' },
})

const KB = 1024
const MB = 1024 * KB

/**
 * Largest body each kind of route reads whole into memory. Anonymous
 * sign-in and registration take a few fields; the browser's error-log batch
 * (200 entries) is the largest JSON; multipart bodies parsed whole (question
 * bank import) get room for a spreadsheet. Uploads through put-file are not
 * here: they stream to disk and stop at their kind's limit (resource/kinds.ts).
 */
const SMALL = ['/api/blade-auth/oauth/token', '/api/blade-system/user/register-guest', '/api/blade-auth/oauth/captcha']
// The lab web proxy streams bodies to the learner's own app (a notebook upload), whose workspace limit applies.
const STREAMED = ['/api/blade-resource/oss/endpoint/put-file', '/lab-proxy/']
const LIMITS = { small: 16 * KB, json: 5 * MB, multipart: 20 * MB }

const human = (n: number) => (n >= MB ? `${n / MB} MB` : `${n / KB} KB`)

/** The limit for a request, or null when the route streams its body under its own limit. */
export function bodyLimitOf(path: string, contentType: string): number | null {
  if (STREAMED.some((p) => path.startsWith(p))) return null
  if (SMALL.includes(path)) return LIMITS.small
  return contentType.startsWith('multipart/') ? LIMITS.multipart : LIMITS.json
}

/**
 * Refuses an oversized body before a byte of it is read (413), from its
 * declared Content-Length; a body without one (chunked) is refused with 411
 * unless the route streams it, so no route parses an unbounded body.
 * Bun reads exactly the declared length, so a client cannot send more.
 */
export const bodyLimit = (services: Services) =>
  new Elysia({ name: 'body-limit', seed: services.id }).onRequest(({ request }) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return
    const path = new URL(request.url).pathname
    const max = bodyLimitOf(path, request.headers.get('content-type') ?? '')
    if (max === null) return
    const declared = request.headers.get('content-length')
    if (declared === null) {
      if (request.headers.has('transfer-encoding')) throw new ApiError(411, 'error.lengthRequired')
      return
    }
    if (Number(declared) > max) throw new ApiError(413, 'error.bodyTooLarge', { max: human(max) })
  })
