import { and, eq } from 'drizzle-orm'
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Server, ServerWebSocket } from 'bun'
import { labImage, session, userContainer } from '../../../../db/schema/index.ts'
import { makeCtx } from '../../../lib/context.ts'
import { t, type Lang } from '../../../lib/messages.ts'
import { isAdministrator, permissionCodes } from '../../../lib/permissions.ts'
import { first } from '../../../lib/rows.ts'
import { now } from '../../../lib/time.ts'
import type { ImageRow, LabKit, LabRow } from './lab-kit.ts'
import { notDeleted } from '../../../lib/tenant-rows.ts'

/** Where a lab's web app is reached in the appliance: /lab-proxy/<lab id>/<ticket>/… */
export const PROXY_ROOT = '/lab-proxy'
/** Staff holding this code may watch a learner's lab (terminal read-only, web app through the proxy). */
export const OBSERVE_CODE = 'lab:running:observe'

/**
 * Every proxied document runs sandboxed without `allow-same-origin`: it gets
 * an opaque origin, so a learner's page can neither read the appliance's
 * storage nor call its API with the viewer's credentials, even though it is
 * served from the appliance's own address. Framed only by the appliance.
 */
export const LAB_CSP =
  "sandbox allow-scripts allow-forms allow-popups allow-modals allow-downloads allow-pointer-lock; frame-ancestors 'self'"

const HOP = [
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]
/** Seconds a ticket lives: the learner's for a school day (it dies with the session anyway), staff's for two hours. */
const OWNER_TTL = 12 * 3600
const WATCH_TTL = 2 * 3600
/** Activity is written to the lab row at most this often (the idle reaper reads it). */
const TOUCH_MS = 30_000

interface Access {
  row: LabRow
  image: ImageRow
}
type Refusal = { status: number; key: string }

interface Socket {
  close(code?: number, reason?: string): void
}

/** The data one proxied WebSocket carries; Elysia's Bun handler calls open/message/close on it with raw frames. */
interface SocketData {
  open(ws: ServerWebSocket<SocketData>): void
  message(ws: ServerWebSocket<SocketData>, message: string | Buffer): void
  close(ws: ServerWebSocket<SocketData>, code: number, reason: string): void
  drain(): void
}

/**
 * The authenticated reverse proxy in front of web labs (a notebook, VNC in
 * the browser, any HTTP app on the image's declared port). Labs that serve a
 * web app get a private internal network (no route out, no port published on
 * the host); the appliance reaches the container's address on it. A browser
 * frame cannot send the access token, so the page asks the API for a ticket —
 * an HMAC over the lab, the viewer's session and an expiry — and the ticket
 * rides in the path, where the app's relative links keep it. Each request
 * checks the ticket, that the session is live, and that the lab is running
 * and belongs to the session's user (or that the user may watch labs).
 */
export class WebProxy {
  private readonly key: Buffer
  private readonly targets = new Map<string, { containerId: string; base: string }>()
  private readonly sockets = new Map<string, Set<Socket>>()
  private readonly touched = new Map<string, number>()

  constructor(
    private readonly labs: LabKit,
    secret: string,
  ) {
    this.key = createHmac('sha256', secret).update('atrium-lab-proxy').digest()
  }

  private sign(labId: string, sid: string, exp: string, watch: string): string {
    return createHmac('sha256', this.key).update(`${labId}\n${sid}\n${exp}\n${watch}`).digest('base64url').slice(0, 32)
  }

  /** A ticket for one lab and one signed-in session. */
  ticket(labId: string, sessionId: string, watcher: boolean): string {
    const exp = (Math.floor(Date.now() / 1000) + (watcher ? WATCH_TTL : OWNER_TTL)).toString(36)
    const watch = watcher ? 'w' : 'o'
    return `${sessionId}.${exp}.${watch}.${this.sign(labId, sessionId, exp, watch)}`
  }

  /** The path prefix the page frames (always ends in a slash, so the app's relative links stay under it). */
  urlOf(labId: string, sessionId: string, watcher: boolean): string {
    return `${PROXY_ROOT}/${labId}/${this.ticket(labId, sessionId, watcher)}/`
  }

  /** Checks the ticket, the session behind it and the lab; answers the lab or why not. */
  async authorize(labId: string, ticket: string): Promise<Access | Refusal> {
    const forbidden = { status: 403, key: 'lab.webForbidden' }
    const [sid, exp, watch, sig] = ticket.split('.')
    if (!/^\d{1,20}$/.test(labId) || !sid || !exp || !sig || (watch !== 'o' && watch !== 'w')) return forbidden
    const want = Buffer.from(this.sign(labId, sid, exp, watch))
    const got = Buffer.from(sig)
    if (got.length !== want.length || !timingSafeEqual(got, want)) return forbidden
    if (parseInt(exp, 36) * 1000 < Date.now()) return { status: 401, key: 'lab.webExpired' }
    const live = await first(
      this.labs.db
        .select()
        .from(session)
        .where(and(eq(session.id, sid), eq(session.revoked, 0))),
    )
    if (!live) return { status: 401, key: 'lab.webExpired' }
    const row = await first(
      this.labs.db
        .select()
        .from(userContainer)
        .where(and(eq(userContainer.id, labId), eq(userContainer.state, 'running'), notDeleted(userContainer))),
    )
    if (!row?.containerId) return { status: 404, key: 'lab.webGone' }
    const owner = row.userId === live.userId && row.tenantId === live.tenantId
    if (!owner) {
      if (watch !== 'w') return forbidden
      // Staff rights are read now, not when the ticket was made: a withdrawn right ends the watching.
      const ctx = makeCtx(this.labs.db, {
        kind: 'user',
        userId: live.userId,
        tenantId: live.tenantId,
        account: '',
        roleIds: live.roleIds.split(',').filter(Boolean),
        deptIds: live.deptIds.split(',').filter(Boolean),
        sessionId: live.id,
      })
      const staff =
        (await permissionCodes(ctx)).has(OBSERVE_CODE) &&
        (row.tenantId === live.tenantId || (await isAdministrator(ctx)))
      if (!staff) return forbidden
    }
    const image = await first(this.labs.db.select().from(labImage).where(eq(labImage.id, row.imageRowId)))
    if (!image || image.service !== 'web' || !image.webPort) return { status: 409, key: 'lab.webOnly' }
    return { row, image }
  }

  /** http://<address on the lab's private network>:<web port>, looked up once per container. */
  private async target({ row, image }: Access): Promise<string | null> {
    const known = this.targets.get(row.id)
    if (known?.containerId === row.containerId) return known.base
    const info = await this.labs.host.inspect(row.containerId!)
    if (!info?.running || !info.ip) return null
    const base = `http://${info.ip}:${image.webPort}`
    this.targets.set(row.id, { containerId: row.containerId!, base })
    return base
  }

  /** Web use keeps a lab from being reaped as idle, like a terminal does. */
  /** Never rejects: socket traffic does not wait for it, and a mark not written only lets the idle clock run on. */
  private async touch(labId: string): Promise<void> {
    const last = this.touched.get(labId) ?? 0
    if (Date.now() - last < TOUCH_MS) return
    this.touched.set(labId, Date.now())
    try {
      await this.labs.db.update(userContainer).set({ lastActive: now() }).where(eq(userContainer.id, labId))
    } catch (err) {
      this.labs.log.warn({ err, lab: labId }, 'lab activity not recorded')
    }
  }

  /** True while a web app socket (a notebook kernel, a VNC session) is open on the lab. */
  attached(labId: string): boolean {
    return (this.sockets.get(labId)?.size ?? 0) > 0
  }

  closeLab(labId: string): void {
    for (const s of this.sockets.get(labId) ?? []) s.close(1001, 'lab-ended')
    this.sockets.delete(labId)
    this.targets.delete(labId)
    this.touched.delete(labId)
  }

  closeAll(): void {
    for (const id of [...this.sockets.keys()]) this.closeLab(id)
  }

  /** One HTTP request to the lab's app, streamed both ways. */
  async forward(request: Request, labId: string, ticket: string, rest: string, lang: Lang): Promise<Response> {
    const url = new URL(request.url)
    const prefix = `${PROXY_ROOT}/${labId}/${ticket}`
    // A sandboxed (opaque-origin) page's own fetches are cross-origin: the ticket in the path is what authorises them.
    const opaque = request.headers.get('origin') === 'null'
    if (request.method === 'OPTIONS' && opaque && request.headers.has('access-control-request-method'))
      return new Response(null, {
        status: 204,
        headers: {
          'access-control-allow-origin': '*',
          'access-control-allow-methods': request.headers.get('access-control-request-method') ?? 'GET',
          'access-control-allow-headers': request.headers.get('access-control-request-headers') ?? '',
          'access-control-max-age': '600',
        },
      })
    const access = await this.authorize(labId, ticket)
    if ('status' in access) return errorPage(access.status, t(lang, access.key), lang)
    const base = await this.target(access)
    if (!base) return errorPage(502, t(lang, 'lab.webDown'), lang, true)
    await this.touch(labId)

    const headers = new Headers(request.headers)
    for (const h of [...HOP, 'host', 'blade-auth']) headers.delete(h)
    stripApplianceCookies(headers)
    // The app sees itself addressed directly (notebooks compare Origin with Host), and learns its public prefix.
    if (headers.has('origin')) headers.set('origin', base)
    headers.set('x-forwarded-prefix', `${prefix}/`)
    headers.set('x-forwarded-host', url.host)
    headers.set('x-forwarded-proto', url.protocol.replace(':', ''))
    const hasBody = !['GET', 'HEAD'].includes(request.method)
    let res: Response
    try {
      res = await fetch(`${base}/${rest}${url.search}`, {
        method: request.method,
        headers,
        // A declared length is kept (simple servers such as busybox httpd read no chunked bodies); bodies stream.
        body: hasBody ? request.body : undefined,
        redirect: 'manual',
        decompress: false,
        duplex: 'half',
      } as RequestInit)
    } catch {
      // Not listening yet (still starting) or gone: the page says so and retries by itself.
      this.targets.delete(labId)
      return errorPage(502, t(lang, 'lab.webDown'), lang, true)
    }
    const out = new Headers()
    res.headers.forEach((value, name) => {
      if (HOP.includes(name) || name === 'set-cookie') return
      out.append(name, value)
    })
    for (const c of res.headers.getSetCookie()) {
      const cookie = scopeCookie(c, `${prefix}/`)
      if (cookie) out.append('set-cookie', cookie)
    }
    const location = res.headers.get('location')
    if (location) out.set('location', relocate(location, base, prefix))
    out.set('content-security-policy', LAB_CSP)
    out.set('x-frame-options', 'SAMEORIGIN')
    // The ticket is in the URL: it must not leak to other sites as a referrer.
    out.set('referrer-policy', 'no-referrer')
    out.set('cache-control', res.headers.get('cache-control') ?? 'private, no-cache')
    if (opaque) out.set('access-control-allow-origin', '*')
    return new Response(request.method === 'HEAD' ? null : res.body, {
      status: res.status,
      statusText: res.statusText,
      headers: out,
    })
  }

  /**
   * A WebSocket to the lab's app: the browser's socket is accepted here and a
   * second one opened to the container; frames pass through untouched (text
   * stays text, binary stays binary). Answers a Response when it refuses.
   */
  async upgrade(
    server: Server<unknown>,
    request: Request,
    labId: string,
    ticket: string,
    rest: string,
    lang: Lang,
  ): Promise<Response | undefined> {
    const access = await this.authorize(labId, ticket)
    if ('status' in access) return errorPage(access.status, t(lang, access.key), lang)
    const base = await this.target(access)
    if (!base) return errorPage(502, t(lang, 'lab.webDown'), lang)
    const url = new URL(request.url)
    const protocols = (request.headers.get('sec-websocket-protocol') ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)
    const wsUrl = `${base.replace(/^http/, 'ws')}/${rest}${url.search}`
    let upstream: WebSocket | undefined
    const pending: (string | Buffer)[] = []
    const sockets = this.sockets.get(labId) ?? new Set<Socket>()
    this.sockets.set(labId, sockets)
    let client: Socket | undefined
    const forget = () => {
      if (client) sockets.delete(client)
      if (!sockets.size) this.sockets.delete(labId)
    }
    const closeCode = (code: number) => (code === 1000 || (code >= 3000 && code < 5000) ? code : 1000)
    const data: SocketData = {
      open: (ws) => {
        client = { close: (code, reason) => ws.close(code, reason) }
        sockets.add(client)
        void this.touch(labId)
        const headers: Record<string, string> = { origin: base }
        const cookie = request.headers.get('cookie')
        if (cookie) {
          const h = new Headers({ cookie })
          stripApplianceCookies(h)
          if (h.get('cookie')) headers.cookie = h.get('cookie')!
        }
        upstream = new WebSocket(wsUrl, { protocols, headers } as unknown as string[])
        upstream.binaryType = 'arraybuffer'
        upstream.addEventListener('open', () => {
          for (const m of pending.splice(0)) upstream!.send(m)
        })
        upstream.addEventListener('message', (e) => {
          void this.touch(labId)
          ws.send(typeof e.data === 'string' ? e.data : new Uint8Array(e.data as ArrayBuffer))
        })
        upstream.addEventListener('close', (e) => ws.close(closeCode(e.code), e.reason))
        upstream.addEventListener('error', () => ws.close(1011, 'upstream'))
      },
      message: (_ws, message) => {
        void this.touch(labId)
        if (upstream?.readyState === WebSocket.OPEN) upstream.send(message)
        else pending.push(message)
      },
      close: (_ws, code, reason) => {
        forget()
        if (upstream && upstream.readyState <= WebSocket.OPEN) upstream.close(closeCode(code), reason)
      },
      drain: () => undefined,
    }
    const upgraded = server.upgrade(request, {
      data,
      // Bun answers the first protocol asked for unless told; the app's own choice is not known before it answers.
      headers: protocols.length ? { 'sec-websocket-protocol': protocols[0] } : undefined,
    })
    if (!upgraded) return errorPage(400, t(lang, 'lab.webForbidden'), lang)
    return undefined
  }
}

/** The appliance's own cookies (refresh token, settings) never reach a learner's app. */
function stripApplianceCookies(headers: Headers) {
  const cookie = headers.get('cookie')
  if (!cookie) return
  const kept = cookie
    .split(';')
    .map((c) => c.trim())
    .filter((c) => c && !/^atrium/i.test(c))
  if (kept.length) headers.set('cookie', kept.join('; '))
  else headers.delete('cookie')
}

/** A cookie the app sets is pinned to its own prefix (no Domain), and may not shadow the appliance's. */
export function scopeCookie(cookie: string, path: string): string | null {
  const [pair, ...attrs] = cookie.split(';')
  if (/^\s*atrium/i.test(pair)) return null
  const kept = attrs.map((a) => a.trim()).filter((a) => a && !/^(path|domain)\s*=/i.test(a))
  return [pair.trim(), `Path=${path}`, ...kept].join('; ')
}

/** A redirect from the app stays inside its prefix: '/x' and 'http://<lab address>/x' both become '<prefix>/x'. */
export function relocate(location: string, base: string, prefix: string): string {
  if (location.startsWith(base)) return `${prefix}${location.slice(base.length) || '/'}`
  if (location.startsWith('/') && !location.startsWith('//')) return `${prefix}${location}`
  return location
}

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)

/** A small page in the frame instead of the app (the app not answering yet reloads itself every few seconds). */
function errorPage(status: number, message: string, lang: Lang, retry = false): Response {
  const html = `<!doctype html><html lang="${lang === 'en' ? 'en' : 'zh-CN'}"><head><meta charset="utf-8">${
    retry ? '<meta http-equiv="refresh" content="3">' : ''
  }<title>${escape(message)}</title></head><body style="font:15px system-ui,sans-serif;color:#444;display:flex;height:90vh;align-items:center;justify-content:center;text-align:center"><p data-lab-proxy="${status}">${escape(message)}</p></body></html>`
  return new Response(html, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; ${LAB_CSP}`,
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      ...(retry ? { 'retry-after': '3' } : {}),
    },
  })
}
