import { Elysia } from 'elysia'
import { staticPlugin } from '@elysiajs/static'
import { existsSync } from 'node:fs'
import { join, normalize } from 'node:path'
import type { Services } from './lib/context.ts'
import { errorHandler } from './lib/error-handler.ts'
import { bodyLimit } from './lib/body-limit.ts'
import { securityHeaders } from './lib/security-headers.ts'
import { ApiError } from './lib/errors.ts'
import { requestLog } from './lib/request-log.ts'
import { modules } from './modules/index.ts'

/** The web bundle: hashed assets through @elysiajs/static, every other non-/api GET falls back to index.html (the SPA routes). */
function webBundle(dist: string) {
  const app = new Elysia({ name: 'web-bundle' })
  if (!existsSync(join(dist, 'index.html'))) return app
  return app
    .use(staticPlugin({ assets: join(dist, 'assets'), prefix: '/assets', alwaysStatic: false }))
    .get('/*', ({ path }) => {
      // An unknown API answers like every other error: the envelope, in the caller's language.
      if (path.startsWith('/api/') || path === '/api') throw new ApiError(404, 'error.routeNotFound')
      const file = normalize(join(dist, path))
      if (file.startsWith(dist) && path !== '/' && existsSync(file) && !file.endsWith('/')) return Bun.file(file)
      return Bun.file(join(dist, 'index.html'))
    })
}

/** Builds the whole app from its services; opens nothing, listens on nothing (DESIGN: no side effects). */
export function createApp(services: Services) {
  const app = new Elysia()
    .use(errorHandler(services))
    .use(securityHeaders(services))
    .use(bodyLimit(services))
    .use(requestLog(services))
  for (const mod of modules) app.use(mod(services))
  return app.use(webBundle(services.config.webDist))
}

export type App = ReturnType<typeof createApp>
