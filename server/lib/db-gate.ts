import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * SQLite gives the process one connection, so a transaction whose body awaits would otherwise take in whatever
 * statements other requests run meanwhile (and roll them back with it). Each connection has a gate: a transaction
 * body runs under its own token (AsyncLocalStorage follows it across awaits); a statement from anyone else waits at
 * the gate until the transaction ended (db.ts routes every SQLite statement through it). One transaction at a time:
 * SQLite allows one writer anyway. PostgreSQL needs none of this: a transaction has its own pooled connection.
 */
export interface Open {
  token: object
  done: Promise<void>
  depth: number
}

const gates = new WeakMap<object, { open: Open | null }>()
const current = new AsyncLocalStorage<object>()

export function gateOf(db: object): { open: Open | null } {
  let g = gates.get(db)
  if (!g) gates.set(db, (g = { open: null }))
  return g
}

/** True when another caller's transaction holds this connection: the caller's statement must wait (`atGate`). */
export function mustWait(db: object): boolean {
  const open = gates.get(db)?.open
  return Boolean(open && current.getStore() !== open.token)
}

/**
 * How long a statement waits for another caller's transaction before it fails. Only a deadlock gets there — a body
 * awaiting something that itself queries outside the body (a promise started before it) — and failing turns it into
 * an error that rolls the body back instead of a process that hangs. A body that ran this long on SQLite would also
 * have held the old synchronous process for as long.
 */
export const GATE_WAIT_MS = 30_000

/** Resolves when the caller's statement may run on this connection: once no other caller's transaction holds it. */
export async function atGate(db: object): Promise<void> {
  const g = gates.get(db)
  const until = Date.now() + GATE_WAIT_MS
  while (g?.open && current.getStore() !== g.open.token) {
    let timer: ReturnType<typeof setTimeout> | undefined
    const timedOut = new Promise<'late'>((r) => (timer = setTimeout(() => r('late'), until - Date.now())))
    const r = await Promise.race([g.open.done, timedOut])
    clearTimeout(timer)
    if (r === 'late')
      throw new Error(`a statement waited ${GATE_WAIT_MS / 1000} s for a transaction that awaits it (deadlock)`)
  }
}

/** True when the caller is inside a transaction on this SQLite connection (a nested one becomes a savepoint). */
export function insideTransaction(db: object): boolean {
  const open = gates.get(db)?.open
  return Boolean(open && current.getStore() === open.token)
}

/** Runs `fn` as the holder of `open`: its statements, and those of everything it awaits, pass the gate. */
export const asHolder = <R>(open: Open, fn: () => Promise<R>): Promise<R> => current.run(open.token, fn)
