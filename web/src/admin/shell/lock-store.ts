import md5 from 'md5'
import { useSyncExternalStore } from 'react'
import { onSessionReset } from '../../shared/session'
import { store } from '../../shared/storage'

/**
 * The screen lock (spec §4): a lock password must be set first (only its hash
 * is kept); while locked every navigation goes to /lock; sign-in and sign-out
 * clear it.
 */
interface LockState {
  hash: string | null
  locked: boolean
}

let state: LockState = store.get<LockState>('lock', { hash: null, locked: false })
const listeners = new Set<() => void>()
const set = (next: LockState) => {
  state = next
  store.set('lock', state)
  listeners.forEach((l) => l())
}

onSessionReset(() => set({ hash: null, locked: false }))

export const LOCK_DELAY_MS = 100

export const lockStore = {
  get: () => state,
  subscribe(l: () => void) {
    listeners.add(l)
    return () => {
      listeners.delete(l)
    }
  },
  hasPassword: () => !!state.hash,
  setPassword: (password: string) => set({ ...state, hash: md5(password) }),
  lock: () => set({ ...state, locked: true }),
  /** True when the password matches and the lock is lifted. */
  unlock(password: string): boolean {
    if (!state.hash || md5(password) !== state.hash) return false
    set({ ...state, locked: false })
    return true
  },
}

export const useLock = () => useSyncExternalStore(lockStore.subscribe, lockStore.get)
