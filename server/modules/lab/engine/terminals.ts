import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { userContainer } from '../../../../db/schema/index.ts'
import { now } from '../../../lib/time.ts'
import type { ExecSession } from './host.ts'
import type { LabKit } from './lab-kit.ts'

/** A browser tab showing a terminal: the learner (writer) or staff watching (read-only). */
export interface Viewer {
  send(message: string): void
  close(code: number, reason: string): void
  readOnly: boolean
}

/** Scrollback kept per shell, replayed to a tab that reconnects after a blip. */
const SCROLLBACK = 64 * 1024
const ACTIVE_EVERY_MS = 30_000

class Session {
  readonly id = randomUUID()
  buffer = ''
  readonly viewers = new Set<Viewer>()
  grace: ReturnType<typeof setTimeout> | undefined
  lastMark = 0
  ended = false
  constructor(
    readonly labId: string,
    readonly exec: ExecSession,
  ) {}
}

/**
 * Exec sessions in lab containers. A shell outlives its socket for a grace
 * period, so a tab that drops and reconnects gets the same shell and its
 * scrollback; after that it ends. Staff watching see the same bytes and
 * cannot type. Every frame is a small JSON text message:
 *   server → {t:'hello', session, readOnly, replay} | {t:'o', d} | {t:'exit', reason}
 *   client → {t:'i', d} | {t:'r', cols, rows}
 */
export class Terminals {
  private sessions = new Map<string, Session>()

  constructor(private labs: LabKit) {}

  /** True while the learner has a terminal tab on this lab (idle reaping waits). */
  attached(labId: string): boolean {
    for (const s of this.sessions.values())
      if (s.labId === labId && [...s.viewers].some((v) => !v.readOnly)) return true
    return false
  }

  /** The newest live shell of a lab (what an observer watches). */
  latest(labId: string): Session | undefined {
    return [...this.sessions.values()].filter((s) => s.labId === labId && !s.ended).pop()
  }

  /** Never rejects: keystrokes do not wait for it, and a mark not written only lets the idle clock run on. */
  private async markActive(s: Session, force = false): Promise<void> {
    const t = Date.now()
    if (!force && t - s.lastMark < ACTIVE_EVERY_MS) return
    s.lastMark = t
    try {
      await this.labs.db.update(userContainer).set({ lastActive: now() }).where(eq(userContainer.id, s.labId))
    } catch (err) {
      this.labs.log.warn({ err, lab: s.labId }, 'lab activity not recorded')
    }
  }

  /**
   * Attaches a viewer: to the shell `sessionId` names when it is still alive for
   * this lab (a reconnect), else to a new shell (writers) or the latest one (observers).
   */
  async attach(o: {
    labId: string
    containerId: string
    viewer: Viewer
    sessionId?: string
    shell: string[]
    env: string[]
    workdir: string
    cols: number
    rows: number
  }): Promise<Session | undefined> {
    let s = o.sessionId ? this.sessions.get(o.sessionId) : undefined
    if (s && (s.labId !== o.labId || s.ended)) s = undefined
    if (!s && o.viewer.readOnly) s = this.latest(o.labId)
    if (!s && o.viewer.readOnly) {
      o.viewer.send(JSON.stringify({ t: 'exit', reason: 'no-shell' }))
      return undefined
    }
    if (!s)
      s = this.open(
        o.labId,
        await this.labs.host.exec(o.containerId, o.shell, {
          env: o.env,
          workdir: o.workdir,
          cols: o.cols,
          rows: o.rows,
        }),
      )
    if (s.grace) {
      clearTimeout(s.grace)
      s.grace = undefined
    }
    if (!o.viewer.readOnly) {
      await this.markActive(s, true)
      if (o.cols && o.rows) void s.exec.resize(o.cols, o.rows).catch(() => undefined)
    }
    if (s.ended) {
      o.viewer.send(JSON.stringify({ t: 'exit', reason: 'no-shell' }))
      return undefined
    }
    // Hello goes last, with no wait after it: a tab types as soon as it is greeted, and what it types is taken only
    // once the caller holds the session this returns (a keystroke sent while the activity mark was being written
    // was dropped). Output meanwhile is in the replay.
    s.viewers.add(o.viewer)
    o.viewer.send(JSON.stringify({ t: 'hello', session: s.id, readOnly: o.viewer.readOnly, replay: s.buffer }))
    return s
  }

  private open(labId: string, exec: ExecSession): Session {
    const s = new Session(labId, exec)
    this.sessions.set(s.id, s)
    exec.stream.on('data', (chunk: Buffer) => {
      const d = chunk.toString('utf8')
      s.buffer = (s.buffer + d).slice(-SCROLLBACK)
      const frame = JSON.stringify({ t: 'o', d })
      for (const v of s.viewers) v.send(frame)
    })
    const end = () => this.end(s, 'exit')
    exec.stream.on('end', end)
    exec.stream.on('close', end)
    exec.stream.on('error', end)
    return s
  }

  input(s: Session, viewer: Viewer, data: string) {
    if (viewer.readOnly || s.ended) return
    s.exec.stream.write(data)
    void this.markActive(s)
  }

  resize(s: Session, viewer: Viewer, cols: number, rows: number) {
    if (viewer.readOnly || s.ended || !(cols > 0 && rows > 0 && cols < 1000 && rows < 1000)) return
    void s.exec.resize(Math.floor(cols), Math.floor(rows)).catch(() => undefined)
  }

  /** A socket closed: the shell waits out the grace period for a reconnect. */
  detach(s: Session, viewer: Viewer) {
    s.viewers.delete(viewer)
    if (!viewer.readOnly) void this.markActive(s, true)
    if (s.viewers.size === 0 && !s.ended) {
      s.grace = setTimeout(() => this.end(s, 'grace'), this.labs.settings.terminalGraceSeconds * 1000)
      s.grace.unref?.()
    }
  }

  private end(s: Session, reason: string) {
    if (s.ended) return
    s.ended = true
    if (s.grace) clearTimeout(s.grace)
    this.sessions.delete(s.id)
    try {
      s.exec.stream.end()
    } catch {
      /* already closed */
    }
    s.exec.stream.destroy?.()
    for (const v of s.viewers) {
      v.send(JSON.stringify({ t: 'exit', reason }))
      v.close(1000, reason)
    }
    s.viewers.clear()
  }

  /** The lab ended (expired, reset, stopped): its shells end with it, telling the page why when it is not the usual. */
  closeLab(labId: string, reason = 'lab-ended') {
    for (const s of [...this.sessions.values()]) if (s.labId === labId) this.end(s, reason)
  }

  closeAll() {
    for (const s of [...this.sessions.values()]) this.end(s, 'shutdown')
  }
}

export type { Session as TerminalSession }
