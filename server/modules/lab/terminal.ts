import { Elysia } from 'elysia'
import { and, eq } from 'drizzle-orm'
import { experiment, labImage, userContainer } from '../../../db/schema/index.ts'
import { authContext, resolveCtx } from '../../lib/auth-context.ts'
import type { Services } from '../../lib/context.ts'
import { first } from '../../lib/rows.ts'
import { holdSession } from '../../lib/live-sessions.ts'
import { isId } from '../../lib/ids.ts'
import { isAdministrator, permissionCodes, PUBLIC } from '../../lib/permissions.ts'
import type { TerminalSession, Viewer } from './engine/terminals.ts'
import { query as queryOf } from '../../lib/request-schema.ts'
import { handWritten } from '../../lib/hand-written.ts'
import { notDeleted } from '../../lib/tenant-rows.ts'

interface Hello {
  t: 'auth'
  token?: string
  lab?: string
  session?: string
  observe?: boolean
  cols?: number
  rows?: number
}
interface State {
  viewer?: Viewer
  session?: TerminalSession
  timer?: ReturnType<typeof setTimeout>
  busy?: boolean
  /** Lets go of the sign-in session this socket is held open by (live-sessions.ts). */
  release?: () => void
}

const envLines = (env: string | null) =>
  (env ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => /^[A-Za-z_][A-Za-z0-9_]*=/.test(l))

/**
 * The lab terminal: a WebSocket attached to an exec session in the learner's
 * container. Browsers cannot send headers on a WebSocket, so the access token
 * comes in the first frame (never in the URL, which lands in logs); until then
 * the socket can do nothing, and it closes after 5 s. Only the lab's owner
 * types; staff holding lab:running:observe watch read-only.
 */
export const terminalRoutes = (s: Services) =>
  handWritten("the lab terminal is a WebSocket to a shell in the learner's container", terminalRoutesPlugin(s))

const terminalRoutesPlugin = (s: Services) => {
  const states = new Map<string, State>()
  const refuse = (ws: { send(m: string): void; close(c?: number, r?: string): void }, code: number, reason: string) => {
    ws.send(JSON.stringify({ t: 'exit', reason }))
    ws.close(code, reason)
  }
  return new Elysia().use(authContext(s)).ws('/api/hm-experiment/experiment/terminal', {
    perm: PUBLIC,
    // The upgrade reads no parameter: who and which lab come in the first message, checked by its own protocol.
    query: queryOf(),
    open(ws) {
      const st: State = {}
      st.timer = setTimeout(() => {
        if (!st.viewer) refuse(ws, 4401, 'unauthorized')
      }, 5000)
      states.set(ws.id, st)
    },
    async message(ws, raw) {
      const st = states.get(ws.id)
      if (!st) return
      const msg = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Record<string, unknown>
      if (st.session && st.viewer) {
        if (msg.t === 'i' && typeof msg.d === 'string') s.labs.terminals.input(st.session, st.viewer, msg.d)
        else if (msg.t === 'r') s.labs.terminals.resize(st.session, st.viewer, Number(msg.cols), Number(msg.rows))
        return
      }
      if (msg.t !== 'auth' || st.busy || st.viewer) return
      st.busy = true
      const hello = msg as unknown as Hello
      const ctx = await resolveCtx(s, { 'blade-auth': `bearer ${hello.token ?? ''}` })
      if (ctx.actor.kind !== 'user') return refuse(ws, 4401, 'unauthorized')
      if (!isId(hello.lab)) return refuse(ws, 4400, 'bad-lab')
      const row = await first(
        s.db
          .select()
          .from(userContainer)
          .where(and(eq(userContainer.id, hello.lab), eq(userContainer.state, 'running'), notDeleted(userContainer))),
      )
      const owner = !!row && row.userId === ctx.actor.userId && row.tenantId === ctx.actor.tenantId
      let readOnly = !owner || !!hello.observe
      if (row && !owner) {
        const staff =
          (await permissionCodes(ctx)).has('lab:running:observe') &&
          ((await isAdministrator(ctx)) || row.tenantId === ctx.actor.tenantId)
        if (!staff) return refuse(ws, 4403, 'forbidden')
        readOnly = true
      }
      if (!row?.containerId) return refuse(ws, 4404, 'not-running')
      const exp = await first(s.db.select().from(experiment).where(eq(experiment.id, row.experimentId)))
      const image = await first(s.db.select().from(labImage).where(eq(labImage.id, row.imageRowId)))
      if (!exp || !image) return refuse(ws, 4404, 'not-running')
      clearTimeout(st.timer)
      const viewer: Viewer = { readOnly, send: (m) => ws.send(m), close: (c, r) => ws.close(c, r) }
      try {
        const session = await s.labs.terminals.attach({
          labId: row.id,
          containerId: row.containerId,
          viewer,
          sessionId: hello.session,
          shell: image.path.split(/\s+/).filter(Boolean),
          env: ['TERM=xterm-256color', `HOME=${image.codePath}`, ...envLines(exp.env)],
          workdir: image.codePath,
          cols: Number(hello.cols) || 80,
          rows: Number(hello.rows) || 24,
        })
        if (!session) return ws.close(1000, 'no-shell')
        st.viewer = viewer
        st.session = session
        // The socket lives as long as the sign-in it was opened with: signing out (or any end of it) closes it.
        // (Not registered when the socket closed while the shell was attaching: nothing would let go of it.)
        if (states.get(ws.id) === st)
          st.release = holdSession(s.db, {
            sessionId: ctx.actor.sessionId!,
            userId: ctx.actor.userId,
            tenantId: ctx.actor.tenantId,
            close: () => refuse(ws, 4401, 'session-ended'),
          })
      } catch (err) {
        s.log.warn({ err, lab: row.id }, 'terminal attach failed')
        refuse(ws, 4500, 'attach-failed')
      }
    },
    close(ws) {
      const st = states.get(ws.id)
      states.delete(ws.id)
      if (!st) return
      clearTimeout(st.timer)
      st.release?.()
      if (st.session && st.viewer) s.labs.terminals.detach(st.session, st.viewer)
    },
  })
}
