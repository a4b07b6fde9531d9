import { Elysia } from 'elysia'
import type { Services } from './lib/context.ts'
import { errorHandler } from './lib/error-handler.ts'
import { bodyLimit } from './lib/body-limit.ts'
import { securityHeaders } from './lib/security-headers.ts'
import { requestLog } from './lib/request-log.ts'
import { modules } from './modules/index.ts'
import { webBundle } from './lib/web-bundle.ts'
import { refuseLabPeers } from './modules/lab/engine/lab-peers.ts'
import { apiDocsModule } from './modules/system/api-docs.ts'

/** Builds the whole app from its services; opens nothing, listens on nothing (DESIGN: no side effects). */
export function createApp(services: Services) {
  const app = new Elysia()
    .use(refuseLabPeers(services))
    .use(errorHandler(services))
    .use(securityHeaders(services))
    .use(bodyLimit(services))
    .use(requestLog(services))
  for (const mod of modules) app.use(mod(services))
  app.use(apiDocsModule(services, () => app))
  return app.use(webBundle(services.config.webDist))
}

export type App = ReturnType<typeof createApp>
