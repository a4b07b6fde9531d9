import { useCallback, useEffect, useRef, useState } from 'react'
import { ApiFailure, api } from '../../shared/api'
import { invalidate } from '../../shared/data'
import type { LabView } from '../../../../server/api-types'

/** The learner's lab as the server describes it (server/modules/lab/engine/containers.ts, through server/api-types.ts). */
export type { LabView }

export type LabPhase =
  | { kind: 'loading' }
  | { kind: 'idle' }
  | { kind: 'opening' }
  | { kind: 'running'; lab: LabView }
  | { kind: 'queued'; message: string; retryIn: number }
  | { kind: 'engineDown' }
  | { kind: 'expired' }
  | { kind: 'failed'; code: number; message: string }

const BASE = '/api/hm-experiment/experiment'
const RETRY_SECONDS = 5

/**
 * The lab page's state machine: first look (labState, starting nothing), open
 * (with the line when the host or school is full: the server keeps the place,
 * the page asks again every few seconds), extend, reset, and expiry when the
 * countdown runs out.
 */
export function useLab(experimentId: string | null, enabled: boolean) {
  const [phase, setPhase] = useState<LabPhase>({ kind: 'loading' })
  const [left, setLeft] = useState(0)
  const retry = useRef<ReturnType<typeof setInterval> | undefined>(undefined)

  const show = useCallback((lab: LabView | null) => {
    if (lab && lab.state === 'running') {
      setPhase({ kind: 'running', lab })
      setLeft(lab.remainingSeconds)
    } else setPhase({ kind: 'idle' })
  }, [])

  const fail = useCallback((e: unknown) => {
    const f = e instanceof ApiFailure ? e : new ApiFailure(0, String(e))
    if (f.code === 503) setPhase({ kind: 'engineDown' })
    else setPhase({ kind: 'failed', code: f.code, message: f.message })
  }, [])

  const look = useCallback(async () => {
    if (!experimentId) return
    try {
      const state = await api.get<{ engine: string; lab: LabView | null }>(
        `${BASE}/labState`,
        { experimentId },
        { silent: true },
      )
      if (!state.engine.startsWith('up')) setPhase({ kind: 'engineDown' })
      else show(state.lab)
    } catch (e) {
      fail(e)
    }
  }, [experimentId, show, fail])

  const open = useCallback(async () => {
    if (!experimentId) return
    clearInterval(retry.current)
    setPhase((p) => (p.kind === 'queued' ? p : { kind: 'opening' }))
    try {
      show(await api.get<LabView>(`${BASE}/openExperimentToContainer`, { experimentId }, { silent: true }))
      void invalidate('/api/hm-userContainer/userContainer')
    } catch (e) {
      if (e instanceof ApiFailure && e.code === 429) {
        // In line: count down, then ask again (the server keeps the place while the page keeps asking).
        let n = RETRY_SECONDS
        setPhase({ kind: 'queued', message: e.message, retryIn: n })
        retry.current = setInterval(() => {
          n -= 1
          if (n <= 0) {
            clearInterval(retry.current)
            void open()
          } else setPhase({ kind: 'queued', message: e.message, retryIn: n })
        }, 1000)
      } else fail(e)
    }
  }, [experimentId, show, fail])

  const extend = useCallback(
    async (lab: LabView) => {
      show(await api.get<LabView>('/api/hm-userContainer/userContainer/refreshContainerTime', { id: lab.id }))
    },
    [show],
  )

  const reset = useCallback(async () => {
    if (!experimentId) return
    setPhase({ kind: 'opening' })
    try {
      show(await api.get<LabView>('/api/nep-wbp/experiment/resetExperiment', { experimentId }))
    } catch (e) {
      fail(e)
    }
  }, [experimentId, show, fail])

  useEffect(() => {
    if (enabled) void look()
    return () => clearInterval(retry.current)
  }, [enabled, look])

  // The countdown: at zero the server's reaper stops the container; look again to show what happened.
  const running = phase.kind === 'running'
  useEffect(() => {
    if (!running) return
    const tick = setInterval(
      () =>
        setLeft((s) => {
          if (s <= 1) {
            clearInterval(tick)
            setTimeout(
              () =>
                void api
                  .get<{ lab: LabView | null }>(`${BASE}/labState`, { experimentId }, { silent: true })
                  .then((st) =>
                    st.lab?.state === 'running' && st.lab.remainingSeconds > 0
                      ? show(st.lab)
                      : setPhase({ kind: 'expired' }),
                  )
                  .catch(() => setPhase({ kind: 'expired' })),
              1500,
            )
            return 0
          }
          return s - 1
        }),
      1000,
    )
    return () => clearInterval(tick)
  }, [running, experimentId, show])

  return { phase, left, open, extend, reset, look, ended: () => setPhase({ kind: 'expired' }) }
}

/** 3725 → "1:02:05", 65 → "01:05". */
export function clock(seconds: number): string {
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = seconds % 60
  const two = (n: number) => String(n).padStart(2, '0')
  return h ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`
}
