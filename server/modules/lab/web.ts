import type { Server } from 'bun'
import { Elysia } from 'elysia'
import { and, eq } from 'drizzle-orm'
import { experiment, labImage, userContainer } from '../../../db/schema/index.ts'
import type { Services } from '../../lib/context.ts'
import { first } from '../../lib/rows.ts'
import { ApiError, badRequest, notFound } from '../../lib/errors.ts'
import { isId } from '../../lib/ids.ts'
import { recordUsual } from '../../lib/logs.ts'
import { langOf } from '../../lib/messages.ts'
import { isAdministrator, permissionCodes, SIGNED_IN } from '../../lib/permissions.ts'
import { OBSERVE_CODE, PROXY_ROOT } from './engine/web-proxy.ts'
import { text } from '../../lib/request-schema.ts'
import type { Actions } from '../../lib/resource-actions.ts'
import { handWritten } from '../../lib/hand-written.ts'
import { notDeleted } from '../../lib/tenant-rows.ts'
import { routeServices } from './route-services.ts'

/**
 * Web labs: the page asks for its frame's address (the webUrl action: the lab's
 * owner, or staff who may watch), then the frame talks to /lab-proxy/<lab>/<ticket>/…,
 * HTTP and WebSocket, which the lab service forwards to the container.
 */
export const webLabRoutes = (s: Services) =>
  handWritten("web labs: a reverse proxy (HTTP and WebSocket, streamed) to the lab's container", webLabRoutesPlugin(s))

/** The frame's address, declared on the experiment resource: the owner's, or a watching ticket for staff (checked here). */
export const webLabActions = {
  webUrl: {
    method: 'GET',
    button: SIGNED_IN,
    body: { id: text('the lab (user container)') },
    run: async (ctx, { query, services }) => {
      const s = routeServices(services)
      if (!isId(query.id)) throw badRequest('validation.id', { field: 'id' }, 'id')
      if (ctx.actor.kind !== 'user' || !ctx.actor.sessionId) throw new ApiError(401, 'error.unauthorized')
      const row = await first(
        ctx.db
          .select()
          .from(userContainer)
          .where(and(eq(userContainer.id, query.id), eq(userContainer.state, 'running'), notDeleted(userContainer))),
      )
      if (!row) throw notFound()
      const owner = row.userId === ctx.actor.userId && row.tenantId === ctx.actor.tenantId
      if (!owner) {
        const staff =
          (await permissionCodes(ctx)).has(OBSERVE_CODE) &&
          (row.tenantId === ctx.actor.tenantId || (await isAdministrator(ctx)))
        // Someone else's lab is as good as absent to a learner.
        if (!staff) throw notFound()
      }
      const image = await first(ctx.db.select().from(labImage).where(eq(labImage.id, row.imageRowId)))
      if (image?.service !== 'web' || !image.webPort) throw new ApiError(409, 'lab.webOnly')
      if (!owner)
        await recordUsual(s, row.tenantId, 'lab app watched', { lab: row.id, learner: row.userId }, ctx.actor.userId)
      return { url: s.labs.web.urlOf(row.id, ctx.actor.sessionId, !owner) }
    },
  },
} satisfies Actions<typeof experiment>

const webLabRoutesPlugin = (s: Services) => {
  /** Every method, and WebSocket upgrades; the body is streamed on untouched (never parsed here). */
  const proxy = async ({
    params,
    request,
    server,
  }: {
    params: { lab: string; ticket: string }
    request: Request
    server: Server<unknown> | null
  }) => {
    const url = new URL(request.url)
    const prefix = `${PROXY_ROOT}/${params.lab}/${params.ticket}`
    // Relative links need the trailing slash: /lab-proxy/1/t → /lab-proxy/1/t/
    if (url.pathname === prefix) return Response.redirect(`${prefix}/${url.search}`, 301)
    // The rest of the path as the browser sent it (still percent-encoded).
    const rest = url.pathname.slice(prefix.length + 1)
    const lang = langOf(Object.fromEntries(request.headers))
    if (request.headers.get('upgrade')?.toLowerCase() === 'websocket' && server)
      return s.labs.web.upgrade(server, request, params.lab, params.ticket, rest, lang)
    return s.labs.web.forward(request, params.lab, params.ticket, rest, lang)
  }
  return (
    new Elysia()
      // GET is declared on its own too: a method's own routes come before `all`, and the web bundle's GET /* would win.
      .get(`${PROXY_ROOT}/:lab/:ticket`, proxy)
      .get(`${PROXY_ROOT}/:lab/:ticket/*`, proxy)
      .all(`${PROXY_ROOT}/:lab/:ticket`, proxy, { parse: 'none' })
      .all(`${PROXY_ROOT}/:lab/:ticket/*`, proxy, { parse: 'none' })
  )
}
