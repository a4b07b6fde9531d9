/**
 * A tiny event bus between the API client (which is not a React component)
 * and the Toaster the app mounts once. Error toasts stay 6 s (spec §8).
 */
export type Intent = 'success' | 'error' | 'warning' | 'info'
export interface Note {
  intent: Intent
  text: string
  timeout: number
}

type Listener = (n: Note) => void
const listeners = new Set<Listener>()

export function onNotify(l: Listener): () => void {
  listeners.add(l)
  return () => listeners.delete(l)
}

const emit = (intent: Intent, text: string, timeout: number) => listeners.forEach((l) => l({ intent, text, timeout }))

export const notify = {
  success: (text: string) => emit('success', text, 3000),
  error: (text: string) => emit('error', text, 6000),
  warning: (text: string) => emit('warning', text, 4000),
  info: (text: string) => emit('info', text, 3000),
}
