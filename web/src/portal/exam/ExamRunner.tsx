import {
  Badge,
  Button,
  Card,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { CheckmarkCircleRegular, CloudOffRegular, ArrowSyncRegular } from '@fluentui/react-icons'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api, ApiFailure } from '../../shared/api'
import QuestionInput from './QuestionInput'
import RichText from './RichText'
import { offlineExam } from './offline-exam'
import { useAnswerSync, type Answer, type AnswerState } from './useAnswerSync'
import type { SittingPaper } from './sitting-paper'

export interface Mine {
  sittingId: string
  state: number
  submitTime: string | null
  submitKind: number | null
  score: number | null
}

const useStyles = makeStyles({
  layout: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) 280px',
    gap: tokens.spacingHorizontalXL,
    padding: '24px 5vw',
    alignItems: 'start',
    '@media (max-width: 992px)': { gridTemplateColumns: '1fr' },
  },
  side: {
    position: 'sticky',
    top: '16px',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
  },
  clock: { fontSize: '32px', fontVariantNumeric: 'tabular-nums', fontWeight: tokens.fontWeightBold, color: '#1B79C3' },
  urgent: { color: tokens.colorPaletteRedForeground1 },
  question: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    marginBottom: tokens.spacingVerticalL,
  },
  head: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  nav: { display: 'grid', gridTemplateColumns: 'repeat(6, 1fr)', gap: '6px' },
  status: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
})

const answered = (a: Answer | null | undefined) =>
  Array.isArray(a) ? a.some((x) => x.trim() !== '') : typeof a === 'string' && a.trim() !== ''
const clock = (ms: number) => {
  const s = Math.max(0, Math.floor(ms / 1000))
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`
}

/** Answering: questions, the countdown on the server's clock, the save indicator and submit. */
export default function ExamRunner({
  paper,
  onDone,
}: {
  paper: SittingPaper
  onDone: (m: Mine, auto: boolean) => void
}) {
  const s = useStyles()
  const { t } = useTranslation('exam')
  // Server clock = local clock + offset, re-measured on every acknowledgement: a wrong local clock changes nothing.
  // A paper reopened offline carries the offset as last known (serverTime read at clockAt).
  const offset = useRef(paper.serverTime - (paper.clockAt ?? Date.now()))
  const onServerTime = useCallback((st: number) => {
    offset.current = st - Date.now()
  }, [])
  // The offline copy follows what the server acknowledged, so a page reopened without the network starts from it.
  const onAcked = useCallback(
    (answers: AnswerState, serverTime: number) =>
      void offlineExam.keep(paper.timeId, undefined, { ...paper, answers, serverTime, clockAt: Date.now() }),
    [paper],
  )
  const sync = useAnswerSync(paper.sittingId, paper.answers, onServerTime, onAcked)
  const [left, setLeft] = useState(paper.deadline - (Date.now() + offset.current))
  const [confirm, setConfirm] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const over = left <= 0

  const submit = useCallback(
    async (auto: boolean) => {
      setBusy(true)
      setError('')
      try {
        const mine = await api.post<Mine>(
          '/api/nep-wbp/paperTimeUser/submitPaper',
          { sittingId: paper.sittingId, answers: await sync.unsent() },
          undefined,
          { silent: true },
        )
        await sync.close()
        onDone(mine, auto)
      } catch (e) {
        if (e instanceof ApiFailure && e.code === 409) {
          // Already submitted (by the server when time ran out, or in another tab): show where it stands.
          const info = await api
            .get<{ mine: Mine }>('/api/nep-wbp/paperTime/showPaperMessage', { timeId: paper.timeId }, { silent: true })
            .catch(() => null)
          await sync.close()
          if (info?.mine) onDone(info.mine, auto)
        } else setError(t('submitOffline'))
      } finally {
        setBusy(false)
        setConfirm(false)
      }
    },
    [paper, sync, onDone, t],
  )

  useEffect(() => {
    const id = setInterval(() => setLeft(paper.deadline - (Date.now() + offset.current)), 500)
    return () => clearInterval(id)
  }, [paper.deadline])
  const autoSent = useRef(false)
  useEffect(() => {
    if (over && !autoSent.current) {
      autoSent.current = true
      void submit(true)
    }
  }, [over, submit])

  const count = paper.questions.filter((q) => answered(sync.answers[q.id])).length
  const indicator =
    sync.status === 'offline' ? (
      <span className={s.status} data-testid="save-status">
        <CloudOffRegular />
        {t('offline', { n: sync.waiting })}
      </span>
    ) : sync.status === 'saving' ? (
      <span className={s.status} data-testid="save-status">
        <ArrowSyncRegular />
        {t('saving')}
      </span>
    ) : sync.status === 'closed' ? (
      <span className={s.status} data-testid="save-status">
        {t('closedSync')}
      </span>
    ) : (
      <span className={s.status} data-testid="save-status">
        <CheckmarkCircleRegular />
        {t('saved')}
      </span>
    )

  return (
    <div className={s.layout}>
      <main>
        <Text as="h1" size={700} weight="bold">
          {paper.title}
        </Text>
        <RichText html={paper.content} />
        {sync.status === 'offline' && (
          <MessageBar intent="warning" style={{ margin: '12px 0' }}>
            <MessageBarBody>{t('offlineHint')}</MessageBarBody>
          </MessageBar>
        )}
        {paper.questions.map((q, i) => (
          <Card
            key={q.id}
            id={`q-${i + 1}`}
            className={s.question}
            data-testid={`question-${i + 1}`}
            data-question-id={q.id}
          >
            <div className={s.head}>
              <Text weight="semibold">{t('question', { n: i + 1 })}</Text>
              <Badge appearance="tint">{t(`type.${q.type}`)}</Badge>
              <Badge appearance="outline">{t('points', { n: q.points })}</Badge>
            </div>
            <RichText html={q.content} />
            <QuestionInput
              q={q}
              value={sync.answers[q.id]}
              disabled={over || busy}
              onChange={(a) => void sync.change(q.id, a)}
            />
          </Card>
        ))}
      </main>
      <Card className={s.side}>
        <Text size={200}>{t('remaining')}</Text>
        <div
          className={over || left < 60_000 ? `${s.clock} ${s.urgent}` : s.clock}
          data-testid="exam-clock"
          role="timer"
          aria-live="off"
        >
          {clock(left)}
        </div>
        {indicator}
        <Text size={200}>{t('answered', { a: count, n: paper.questions.length })}</Text>
        <div className={s.nav}>
          {paper.questions.map((q, i) => (
            <Button
              key={q.id}
              size="small"
              appearance={answered(sync.answers[q.id]) ? 'primary' : 'secondary'}
              onClick={() => document.getElementById(`q-${i + 1}`)?.scrollIntoView({ behavior: 'smooth' })}
            >
              {i + 1}
            </Button>
          ))}
        </div>
        {error && (
          <MessageBar intent="error">
            <MessageBarBody>{error}</MessageBarBody>
          </MessageBar>
        )}
        <Button appearance="primary" disabled={busy} onClick={() => setConfirm(true)} data-testid="exam-submit">
          {t('submit')}
        </Button>
      </Card>
      <Dialog open={confirm} onOpenChange={(_, d) => setConfirm(d.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('submit')}</DialogTitle>
            <DialogContent>
              {t('submitConfirm')}{' '}
              {count < paper.questions.length && t('unanswered', { n: paper.questions.length - count })}
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setConfirm(false)}>{t('cancel')}</Button>
              <Button
                appearance="primary"
                disabled={busy}
                onClick={() => void submit(false)}
                data-testid="exam-submit-confirm"
              >
                {t('submit')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </div>
  )
}
