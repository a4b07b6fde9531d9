import { useSyncExternalStore } from 'react'
import { ApiFailure, onApiFailure } from '../../shared/api'
import { store } from '../../shared/storage'

/** One queued error (spec §3 "Log entry"); the shape POST /api/blade-auth/oauth/logout takes. */
export interface LogEntry {
  type: string
  url: string
  message: string
  stack: string
  time: string
  info?: string
}

const KEY = 'error-log'
/** The server takes at most 200 entries per upload; older ones give way. */
const MAX_ENTRIES = 200

const pad = (n: number) => String(n).padStart(2, '0')
const stamp = (d = new Date()) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`

let entries: LogEntry[] = store.get<LogEntry[]>(KEY, [])
const listeners = new Set<() => void>()
const publish = (next: LogEntry[]) => {
  entries = next
  store.set(KEY, next)
  listeners.forEach((l) => l())
}

export const errorLog = {
  entries: () => entries,
  subscribe(l: () => void) {
    listeners.add(l)
    return () => {
      listeners.delete(l)
    }
  },
  add(e: Omit<LogEntry, 'time' | 'url'> & { url?: string }) {
    const entry: LogEntry = {
      type: e.type.slice(0, 40),
      url: (e.url ?? location.href).slice(0, 2000),
      message: e.message.slice(0, 4000),
      stack: e.stack.slice(0, 16000),
      time: stamp(),
      ...(e.info ? { info: e.info.slice(0, 2000) } : {}),
    }
    publish([entry, ...entries].slice(0, MAX_ENTRIES))
  },
  clear: () => publish([]),
}

export const useErrorLog = () => useSyncExternalStore(errorLog.subscribe, errorLog.entries)

let installed = false

/**
 * Queues what goes wrong in the browser: uncaught errors, unhandled promise
 * rejections and API calls that failed with 500 or never reached the server.
 * Other API failures (400, 403, 404) are answers, not faults, and are not
 * logged; a rejected ApiFailure is not logged twice. The shell calls this once.
 */
export function installErrorCapture() {
  if (installed) return
  installed = true
  window.addEventListener('error', (ev) => {
    // Resource load errors (an <img> 404) carry no message and no error object.
    if (!ev.message && !ev.error) return
    const err = ev.error instanceof Error ? ev.error : undefined
    errorLog.add({
      type: 'error',
      message: err?.message ?? ev.message,
      stack: err?.stack ?? `${ev.filename}:${ev.lineno}:${ev.colno}`,
    })
  })
  window.addEventListener('unhandledrejection', (ev) => {
    const r = ev.reason
    if (r instanceof ApiFailure) return
    errorLog.add({
      type: 'promise',
      message: r instanceof Error ? r.message : String(r),
      stack: r instanceof Error ? (r.stack ?? '') : '',
    })
  })
  onApiFailure((f) => {
    if (f.code !== 0 && f.code !== 500) return
    errorLog.add({ type: 'api', message: `${f.method} ${f.path}: ${f.message}`, stack: '', info: `code ${f.code}` })
  })
}
