import { Button, Text, makeStyles, tokens } from '@fluentui/react-components'
import { ClipboardPasteRegular, CopyRegular } from '@fluentui/react-icons'
import { FitAddon } from '@xterm/addon-fit'
import { Terminal as XTerm } from '@xterm/xterm'
import '@xterm/xterm/css/xterm.css'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { notify } from '../../shared/notify'
import { session } from '../../shared/session'
import './locale'

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    height: '100%',
    minHeight: 0,
    backgroundColor: '#1e1e1e',
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'hidden',
  },
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: '4px 8px',
    color: '#ddd',
    backgroundColor: '#2d2d2d',
    minHeight: '32px',
  },
  status: { flex: 1, color: '#ccc' },
  screen: { flex: 1, minHeight: 0, padding: '4px 0 0 6px' },
  button: { color: '#eee' },
})

type Status =
  | { kind: 'connecting' }
  | { kind: 'open'; readOnly: boolean }
  | { kind: 'retry'; n: number }
  | { kind: 'ended'; reason: string }

/** Close codes after which a reconnect cannot help (the server refused or the lab is gone). */
const FINAL = new Set([4400, 4401, 4403, 4404])
const sessionKey = (lab: string) => `atrium-lab-shell:${lab}`

/**
 * A terminal on the learner's lab container: xterm.js over the appliance's
 * WebSocket (server/modules/lab/terminal.ts). The shell's id is kept in
 * sessionStorage, so a reconnect after a network blip — or a page reload —
 * rejoins the same shell and gets its scrollback replayed. Staff pass
 * `observe` and watch read-only.
 */
export default function LabTerminal({
  labId,
  observe = false,
  onEnded,
}: {
  labId: string
  observe?: boolean
  onEnded?: (reason: string) => void
}) {
  const s = useStyles()
  const { t } = useTranslation('lab')
  const host = useRef<HTMLDivElement>(null)
  const termRef = useRef<XTerm | null>(null)
  const sendRef = useRef<(frame: object) => void>(() => {})
  const [status, setStatus] = useState<Status>({ kind: 'connecting' })
  const [generation, setGeneration] = useState(0)
  const endedRef = useRef(onEnded)
  endedRef.current = onEnded

  useEffect(() => {
    const term = new XTerm({
      cursorBlink: !observe,
      disableStdin: observe,
      fontSize: 14,
      fontFamily: 'Menlo, Consolas, "Noto Sans Mono CJK SC", monospace',
      scrollback: 5000,
      theme: { background: '#1e1e1e' },
    })
    const fit = new FitAddon()
    term.loadAddon(fit)
    term.open(host.current!)
    termRef.current = term
    try {
      fit.fit()
    } catch {
      /* not laid out yet */
    }
    // Ctrl+Shift+C copies the selection; Ctrl+Shift+V is left to the browser, whose paste event xterm turns into input.
    term.attachCustomKeyEventHandler((e) => {
      if (e.type === 'keydown' && e.ctrlKey && e.shiftKey && (e.code === 'KeyC' || e.code === 'KeyV')) {
        if (e.code === 'KeyC' && term.hasSelection())
          void navigator.clipboard?.writeText(term.getSelection()).catch(() => undefined)
        return false
      }
      return true
    })

    let ws: WebSocket | undefined
    let attempts = 0
    let retry: ReturnType<typeof setTimeout> | undefined
    let disposed = false
    const send = (frame: object) => {
      if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify(frame))
    }
    sendRef.current = send

    const connect = () => {
      setStatus(attempts ? { kind: 'retry', n: attempts } : { kind: 'connecting' })
      const socket = new WebSocket(
        `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/hm-experiment/experiment/terminal`,
      )
      ws = socket
      let final: string | undefined
      socket.onopen = () => {
        // The token travels in the first frame, never in the URL (which ends up in logs).
        socket.send(
          JSON.stringify({
            t: 'auth',
            token: session.get().token,
            lab: labId,
            observe,
            session: sessionStorage.getItem(sessionKey(labId)) ?? undefined,
            cols: term.cols,
            rows: term.rows,
          }),
        )
      }
      socket.onmessage = (ev) => {
        const msg = JSON.parse(String(ev.data)) as {
          t: string
          d?: string
          session?: string
          readOnly?: boolean
          replay?: string
          reason?: string
        }
        if (msg.t === 'o') term.write(msg.d ?? '')
        else if (msg.t === 'hello') {
          attempts = 0
          if (!observe && msg.session) sessionStorage.setItem(sessionKey(labId), msg.session)
          // The replay is the shell's recent output: it replaces what this tab showed, so a reconnect shows no gap and no repeat.
          term.reset()
          if (msg.replay) term.write(msg.replay)
          setStatus({ kind: 'open', readOnly: !!msg.readOnly })
          if (!observe) term.focus()
        } else if (msg.t === 'exit') final = msg.reason
      }
      socket.onclose = (ev) => {
        if (disposed) return
        const reason = final ?? ev.reason
        if (FINAL.has(ev.code) || (final && final !== 'shutdown')) {
          if (reason === 'exit' || reason === 'grace') sessionStorage.removeItem(sessionKey(labId))
          setStatus({ kind: 'ended', reason: reason || 'ended' })
          endedRef.current?.(reason)
          return
        }
        // A network blip or a server restart: try again, backing off up to 10 s.
        attempts += 1
        setStatus({ kind: 'retry', n: attempts })
        retry = setTimeout(connect, Math.min(10_000, 500 * 2 ** Math.min(attempts, 5)))
      }
    }
    const input = term.onData((d) => send({ t: 'i', d }))
    const resized = term.onResize(({ cols, rows }) => send({ t: 'r', cols, rows }))
    const observer = new ResizeObserver(() => {
      try {
        fit.fit()
      } catch {
        /* hidden */
      }
    })
    observer.observe(host.current!)
    connect()
    return () => {
      disposed = true
      clearTimeout(retry)
      observer.disconnect()
      input.dispose()
      resized.dispose()
      ws?.close(1000, 'page')
      term.dispose()
      termRef.current = null
    }
  }, [labId, observe, generation])

  const copy = async () => {
    const term = termRef.current
    if (!term?.hasSelection()) return
    await navigator.clipboard
      ?.writeText(term.getSelection())
      .then(() => notify.success(t('term.copied')))
      .catch(() => undefined)
  }
  const paste = async () => {
    try {
      const text = await navigator.clipboard.readText()
      if (text) sendRef.current({ t: 'i', d: text })
      termRef.current?.focus()
    } catch {
      notify.warning(t('term.clipboardDenied'))
    }
  }

  const label =
    status.kind === 'connecting'
      ? t('term.connecting')
      : status.kind === 'retry'
        ? t('term.reconnecting', { n: status.n })
        : status.kind === 'open'
          ? status.readOnly
            ? t('term.observing')
            : t('term.connected')
          : status.reason === 'forbidden' || status.reason === 'unauthorized'
            ? t('term.forbidden')
            : status.reason === 'no-shell'
              ? t('term.noShell')
              : status.reason === 'workspace-full'
                ? t('term.workspaceFull')
                : status.reason === 'lab-ended' || status.reason === 'not-running'
                  ? t('term.labEnded')
                  : status.reason === 'exit'
                    ? t('term.shellExited')
                    : t('term.ended')

  return (
    <div className={s.root} data-testid="lab-terminal">
      <div className={s.bar}>
        <Text size={200} className={s.status} data-testid="terminal-status" data-state={status.kind}>
          {label}
        </Text>
        {status.kind === 'ended' && (status.reason === 'exit' || status.reason === 'grace') && !observe && (
          <Button size="small" appearance="primary" onClick={() => setGeneration((g) => g + 1)}>
            {t('term.newShell')}
          </Button>
        )}
        {!observe && (
          <Text size={100} style={{ color: '#999' }}>
            {t('term.hint')}
          </Text>
        )}
        <Button
          size="small"
          appearance="subtle"
          className={s.button}
          icon={<CopyRegular />}
          onClick={copy}
          title={t('term.copy')}
          aria-label={t('term.copy')}
        />
        {!observe && (
          <Button
            size="small"
            appearance="subtle"
            className={s.button}
            icon={<ClipboardPasteRegular />}
            onClick={paste}
            title={t('term.paste')}
            aria-label={t('term.paste')}
          />
        )}
      </div>
      <div ref={host} className={s.screen} data-testid="terminal-screen" />
    </div>
  )
}
