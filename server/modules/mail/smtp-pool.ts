import { hostname } from 'node:os'
import { isIP } from 'node:net'
import SMTPConnection from 'nodemailer/lib/smtp-connection'
import type { Db } from '../../lib/db.ts'
import { checkMailHost } from './hosts.ts'

/** What a connection is opened with: the account's server and login. */
export interface SmtpAccount {
  id: string
  tenantId: string
  host: string
  port: number
  tlsMode: number
  username: string | null
  /** The password, unsealed only when a new session logs in: a reused one needs none (and holds no plain copy). */
  password: () => string | null
  updateTime: string | null
}

interface Pooled {
  conn: SMTPConnection
  alive: boolean
  timer?: ReturnType<typeof setTimeout>
}

/** An idle connection is closed after this long: reuse within a burst, no sessions held open for hours. */
const IDLE_MS = 10_000

/**
 * Open SMTP sessions per account, reused message after message (as nodemailer's own pool does) so a burst of mail
 * does not pay a TLS handshake and a login each. Per process: a connection is a socket. Each new connection is
 * checked against the outbound policy first and opened to the address just checked (the name kept for TLS); an
 * account edited since (updateTime) gets new ones.
 */
const idle = new Map<string, Pooled[]>()

const keyOf = (a: SmtpAccount) => `${a.id}|${a.updateTime ?? ''}`

function release(key: string, p: Pooled) {
  if (!p.alive) return
  const list = idle.get(key) ?? []
  idle.set(key, list)
  list.push(p)
  p.timer = setTimeout(() => {
    const i = list.indexOf(p)
    if (i >= 0) list.splice(i, 1)
    p.alive = false
    p.conn.quit()
  }, IDLE_MS)
  p.timer.unref?.()
}

const call = <T>(fn: (cb: (err: Error | null | undefined, v?: T) => void) => void) =>
  new Promise<T>((resolve, reject) => fn((err, v) => (err ? reject(err) : resolve(v as T))))

async function open(db: Db, a: SmtpAccount): Promise<Pooled> {
  const target = await checkMailHost(db, a.tenantId, a.host, a.port, { field: 'host', status: 503 })
  const conn = new SMTPConnection({
    host: target.address,
    port: a.port,
    secure: a.tlsMode === 2,
    requireTLS: a.tlsMode === 1,
    ignoreTLS: a.tlsMode === 0,
    // The certificate is checked against the name the school wrote, not the address connected to.
    servername: isIP(a.host) ? undefined : a.host,
    tls: isIP(a.host) ? undefined : { servername: a.host },
    name: hostname(),
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  })
  const p: Pooled = { conn, alive: true }
  const dead = () => void (p.alive = false)
  conn.on('error', dead)
  conn.on('end', dead)
  try {
    await call<void>((cb) => conn.connect((err) => cb(err)))
    if (a.username) await call<boolean>((cb) => conn.login({ user: a.username!, pass: a.password() ?? '' }, cb))
  } catch (e) {
    p.alive = false
    conn.close()
    throw e
  }
  return p
}

/**
 * Runs `use` on an open session of the account: an idle one, or a new one. After success the session goes back to
 * the idle list; after any failure it is closed (its state is unknown).
 */
export async function withSmtp<T>(db: Db, a: SmtpAccount, use: (conn: SMTPConnection) => Promise<T>): Promise<T> {
  const key = keyOf(a)
  const list = idle.get(key)
  let p: Pooled | undefined
  while (list?.length && !p) {
    const next = list.pop()!
    clearTimeout(next.timer)
    if (next.alive) p = next
  }
  p ??= await open(db, a)
  try {
    const out = await use(p.conn)
    release(key, p)
    return out
  } catch (e) {
    p.alive = false
    p.conn.close()
    throw e
  }
}

/** Closes every idle session (the job runner stopped; tests end). */
export function closeSmtpSessions() {
  for (const list of idle.values())
    for (const p of list.splice(0)) {
      clearTimeout(p.timer)
      p.alive = false
      p.conn.quit()
    }
  idle.clear()
}
