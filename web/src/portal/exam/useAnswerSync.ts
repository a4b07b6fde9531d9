import { useCallback, useEffect, useRef, useState } from 'react'
import { api, ApiFailure } from '../../shared/api'
import { answerStore, type PendingAnswer } from './answer-store'

export type Answer = string | string[]
export type SyncStatus = 'saved' | 'saving' | 'offline' | 'closed'
interface Saved {
  questionId: string
  version: number
  accepted: boolean
}

/** Saves go out this long after the last keystroke (the promise: within 1 s). */
const DEBOUNCE_MS = 600
/** While offline or the server is down, retry this often (and at once when the browser says it is online). */
const RETRY_MS = 3000

/**
 * Answer sync for one sitting: every change is written to IndexedDB first, then
 * sent (debounced) with a per-question version; the server's acknowledgement
 * removes it from IndexedDB. Unsent answers survive reloads and are replayed.
 */
export type AnswerState = Record<string, { answer: Answer | null; version: number }>

export function useAnswerSync(
  sittingId: string,
  initial: AnswerState,
  onServerTime: (t: number) => void,
  /** After each acknowledged save: the answers as the server now holds them (what a reopened page starts from). */
  onAcked?: (server: AnswerState, serverTime: number) => void,
) {
  const [answers, setAnswers] = useState<Record<string, Answer | null>>(() =>
    Object.fromEntries(Object.entries(initial).map(([k, v]) => [k, v.answer])),
  )
  const versions = useRef<Record<string, number>>(
    Object.fromEntries(Object.entries(initial).map(([k, v]) => [k, v.version])),
  )
  const [status, setStatus] = useState<SyncStatus>('saved')
  const [waiting, setWaiting] = useState(0)
  const inFlight = useRef(false)
  const again = useRef(false)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const closed = useRef(false)
  const server = useRef<AnswerState>(initial)

  const refreshCount = useCallback(async () => setWaiting((await answerStore.list(sittingId)).length), [sittingId])

  const flush = useCallback(async (): Promise<boolean> => {
    if (closed.current) return false
    if (inFlight.current) {
      again.current = true
      return false
    }
    inFlight.current = true
    try {
      const pending = await answerStore.list(sittingId)
      if (!pending.length) {
        setStatus('saved')
        setWaiting(0)
        return true
      }
      setStatus('saving')
      const r = await api.post<{ saved: Saved[]; serverTime: number }>(
        '/api/nep-wbp/paperQuestion/saveAnswers',
        {
          sittingId,
          answers: pending.map(({ questionId, answer, version }) => ({ questionId, answer, version })),
        },
        undefined,
        { silent: true },
      )
      onServerTime(r.serverTime)
      const sent = new Map(pending.map((p) => [p.questionId, p.answer]))
      const held = { ...server.current }
      for (const s of r.saved) {
        await answerStore.ack(sittingId, s.questionId, s.version)
        // Not accepted: the server holds a newer version (another tab), whose answer this page does not know.
        if (s.accepted && sent.has(s.questionId))
          held[s.questionId] = { answer: sent.get(s.questionId)!, version: s.version }
      }
      server.current = held
      onAcked?.(held, r.serverTime)
      const left = (await answerStore.list(sittingId)).length
      setWaiting(left)
      setStatus(left ? 'saving' : 'saved')
      if (left) again.current = true
      return left === 0
    } catch (e) {
      if (e instanceof ApiFailure && e.code === 409) {
        closed.current = true
        setStatus('closed')
      } else {
        setStatus('offline')
        clearTimeout(timer.current)
        timer.current = setTimeout(() => void flush(), RETRY_MS)
      }
      await refreshCount()
      return false
    } finally {
      inFlight.current = false
      if (again.current) {
        again.current = false
        setTimeout(() => void flush(), 0)
      }
    }
  }, [sittingId, onServerTime, onAcked, refreshCount])

  const change = useCallback(
    async (questionId: string, answer: Answer) => {
      const version = (versions.current[questionId] ?? 0) + 1
      versions.current[questionId] = version
      setAnswers((a) => ({ ...a, [questionId]: answer }))
      const item: PendingAnswer = { sittingId, questionId, answer, version }
      await answerStore.put(item)
      await refreshCount()
      if (status !== 'offline') setStatus('saving')
      clearTimeout(timer.current)
      timer.current = setTimeout(() => void flush(), DEBOUNCE_MS)
    },
    [sittingId, flush, refreshCount, status],
  )

  // Answers left in IndexedDB by an earlier visit (offline, closed tab) win over the server's when newer: replay them.
  useEffect(() => {
    let live = true
    void (async () => {
      const pending = await answerStore.list(sittingId)
      if (!live) return
      const newer = pending.filter((p) => p.version > (versions.current[p.questionId] ?? 0))
      for (const p of pending)
        if (p.version <= (versions.current[p.questionId] ?? 0))
          await answerStore.ack(sittingId, p.questionId, versions.current[p.questionId])
      for (const p of newer) versions.current[p.questionId] = p.version
      if (newer.length) setAnswers((a) => ({ ...a, ...Object.fromEntries(newer.map((p) => [p.questionId, p.answer])) }))
      await refreshCount()
      void flush()
    })()
    const online = () => void flush()
    const offline = () => setStatus('offline')
    window.addEventListener('online', online)
    window.addEventListener('offline', offline)
    return () => {
      live = false
      window.removeEventListener('online', online)
      window.removeEventListener('offline', offline)
      clearTimeout(timer.current)
    }
  }, [sittingId, flush, refreshCount])

  /** Everything still unsent, for the submit call to carry. */
  const unsent = useCallback(
    async () =>
      (await answerStore.list(sittingId)).map(({ questionId, answer, version }) => ({ questionId, answer, version })),
    [sittingId],
  )
  const close = useCallback(async () => {
    closed.current = true
    clearTimeout(timer.current)
    setStatus('closed')
    await answerStore.clear(sittingId)
    setWaiting(0)
  }, [sittingId])

  return { answers, change, status, waiting, flush, unsent, close }
}
