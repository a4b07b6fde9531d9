import { Elysia } from 'elysia'
import type { Services } from './context.ts'

/**
 * The web app's Content-Security-Policy: its own scripts only (no inline
 * script, no eval), styles inline because Fluent UI injects them at run
 * time, images and media also from https (course covers and videos may live
 * on a school's CDN) and blob: (video players, previews), connections (API,
 * MQTT and terminals over WebSocket) to this origin only, and no framing by
 * other sites.
 */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ')

/** API answers are data, never documents: nothing may load from them, nobody may frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'"

/**
 * Headers every response carries. A handler that answers its own stricter
 * policy (stored files: server/modules/resource/serve.ts) keeps it: a
 * Response's own headers win over these.
 */
export const securityHeaders = (services: Services) =>
  new Elysia({ name: 'security-headers', seed: services.id }).onRequest(({ request, set }) => {
    // The path is read off the absolute URL in place: parsing a URL object on every request cost more than these headers.
    const url = request.url
    const api = url.startsWith('/api/', url.indexOf('/', url.indexOf('//') + 2))
    set.headers['x-content-type-options'] = 'nosniff'
    set.headers['x-frame-options'] = 'SAMEORIGIN'
    set.headers['referrer-policy'] = 'same-origin'
    set.headers['content-security-policy'] = api ? API_CSP : APP_CSP
  })
