import pino from 'pino'

/** Keys whose values never reach a log line, at the top of the logged object or one level down. */
const SECRET_KEYS = new Set(['password', 'token', 'access_token', 'refresh_token', 'clientSecret', 'secret'])
const CENSOR = '[redacted]'

const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Error)

/** A copy of `o` with secret keys censored, or `o` itself when it holds none. */
function censored(o: Record<string, unknown>, depth: number): Record<string, unknown> {
  let out: Record<string, unknown> | undefined
  for (const k in o) {
    const v = o[k]
    const next = SECRET_KEYS.has(k) ? CENSOR : depth > 0 && isPlain(v) ? censored(v, depth - 1) : v
    if (next !== v) (out ??= { ...o })[k] = next
  }
  return out ?? o
}

/**
 * Redaction as a log formatter. pino's own `redact` option (@pinojs/redact)
 * re-parses its path list on every line: with one line per request that was
 * a third of the CPU of a health check. This walks the logged object's keys
 * once (and one level down) and copies only when something is censored, so the
 * caller's object is never changed.
 */
export const redactSecrets = (o: Record<string, unknown>) => censored(o, 1)

/**
 * pino JSON to stdout. Redaction is belt and braces: request logging only ever
 * passes method/path/status/ms/user/tenant, but a stray object must not leak secrets.
 */
export const createLogger = (level = 'info', destination?: pino.DestinationStream) =>
  pino(
    {
      level,
      base: { service: 'atrium' },
      formatters: { log: redactSecrets },
    },
    destination,
  )

/** One request's line: the fields DESIGN names, nothing from headers or bodies. */
export interface RequestLine {
  method: string
  path: string
  status: number
  ms: number
  user: string | null
  tenant: string | null
}

/** A string that JSON writes as itself between quotes (paths, ids, methods almost always are). */
const PLAIN = /^[^"\\\u0000-\u001f\ud800-\udfff]*$/
/** JSON of a string or null: the plain case without JSON.stringify (a third of the cost of rendering the line). */
const q = (s: string | null) => (s === null ? 'null' : PLAIN.test(s) ? `"${s}"` : JSON.stringify(s))

/** Request loggers holding lines not yet written (see requestLogger). */
const holding = new Set<() => void>()
let flushTimer: ReturnType<typeof setTimeout> | undefined
/** How long a request line may wait to be written with the others. */
const HOLD_MS = 25
/** …and how much text: a busier moment writes sooner rather than hold a long string. */
const HOLD_CHARS = 1 << 16

/** Writes every held request line now: on the timer, when a logger holds a lot, and when the process exits. */
export function flushRequestLines(): void {
  clearTimeout(flushTimer)
  flushTimer = undefined
  for (const flush of holding) flush()
}
let exitHook = false

/**
 * Writes the per-request line of `log` — the very line `log.info(fields,
 * 'request')` writes (same keys, order, bindings and stream) — rendered
 * directly: the fields are fixed and hold no secret, so the general path
 * (formatters, serializers, pino's tracing channel, which Bun cannot tell is
 * unsubscribed) is skipped. That path was a quarter of a health check's CPU.
 * Any logger this does not know how to render exactly gets log.info.
 *
 * Lines are written together, at most HOLD_MS after the first of them, in one
 * write: a write per line (a syscall through Bun's stdout stream) was a third
 * of a health check's CPU even once rendering was cheap. A line may therefore
 * follow another log line written meanwhile; it carries its own time. Lines
 * still held when the process exits are written by an exit hook; the timer
 * never keeps the process alive.
 */
export function requestLogger(log: pino.Logger): (line: RequestLine) => void {
  const internals = log as unknown as Record<symbol, unknown>
  const stream = internals[pino.symbols.streamSym] as
    ({ write(s: string): unknown } & Record<symbol, unknown>) | undefined
  const bindings = internals[pino.symbols.chindingsSym]
  // Plain numeric levels, epoch time, a stream that wants no per-line metadata (not a multistream): what createLogger makes.
  const own =
    typeof bindings === 'string' &&
    stream !== undefined &&
    !stream[pino.symbols.needsMetadataGsym] &&
    log.levels.values.info === 30 &&
    internals[pino.symbols.timeSym] === pino.stdTimeFunctions.epochTime
  if (own && !exitHook) {
    exitHook = true
    process.once('exit', flushRequestLines)
  }
  let held = ''
  const flush = () => {
    holding.delete(flush)
    const text = held
    held = ''
    if (text) stream!.write(text)
  }
  return (l) => {
    if (!log.isLevelEnabled('info')) return
    if (!own) return void log.info(l, 'request')
    held += `{"level":30,"time":${Date.now()}${bindings},"method":${q(l.method)},"path":${q(l.path)},"status":${l.status},"ms":${l.ms},"user":${q(l.user)},"tenant":${q(l.tenant)},"msg":"request"}\n`
    if (held.length > HOLD_CHARS) return flush()
    holding.add(flush)
    if (!flushTimer) {
      flushTimer = setTimeout(flushRequestLines, HOLD_MS)
      flushTimer.unref()
    }
  }
}
