import {
  Badge,
  Button,
  Card,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom'
import { api, type Page } from '../../shared/api'
import { useSession } from '../../shared/session'
import ExamRunner, { type Mine } from './ExamRunner'
import type { SittingPaper } from './sitting-paper'
import RichText from './RichText'
import { answerStore } from './answer-store'
import { offlineExam } from './offline-exam'
import { NOTICE_PATH, PAPER_PATH } from './offline-paths'
import './locale'

interface ExamInfo {
  id: string
  title: string
  content: string | null
  startTime: string
  endTime: string
  duration: number
  phase: 'notStarted' | 'open' | 'ended'
  isCandidate?: boolean
  mine: Mine | null
}

const useStyles = makeStyles({
  page: { minHeight: '100vh', backgroundColor: tokens.colorNeutralBackground2 },
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: '12px 5vw',
    backgroundColor: '#10253f',
    color: '#fff',
  },
  centre: {
    maxWidth: '760px',
    margin: '32px auto',
    padding: '0 16px',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  card: { padding: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
})

/** /home/competition-test: my exams (no timeId), or one exam: its notice, answering, and where it stands after submitting. */
export default function CompetitionTest() {
  const s = useStyles()
  const { t } = useTranslation('exam')
  const { token } = useSession()
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const timeId = params.get('timeId')
  if (!token) return <Navigate to="/home/user-login" replace />
  return (
    <div className={s.page}>
      <div className={s.bar}>
        <Button
          appearance="transparent"
          style={{ color: '#fff' }}
          onClick={() => navigate(timeId ? '/home/competition-test' : '/home/index')}
        >
          {t('back')}
        </Button>
        <Text weight="semibold">{t('myExams')}</Text>
      </div>
      {timeId ? <OneExam key={timeId} timeId={timeId} /> : <MyExams />}
    </div>
  )
}

function MyExams() {
  const s = useStyles()
  const { t } = useTranslation('exam')
  const navigate = useNavigate()
  const [page, setPage] = useState<Page<ExamInfo> | null>(null)
  useEffect(() => {
    void api.get<Page<ExamInfo>>('/api/nep-wbp/paperTime/lookMyPaperTime', { size: 50 }).then(setPage)
  }, [])
  if (!page) return <Spinner style={{ marginTop: 80 }} />
  return (
    <div className={s.centre}>
      {!page.records.length && <Text>{t('noExams')}</Text>}
      {page.records.map((e) => (
        <Card key={e.id} className={s.card} data-testid={`exam-card-${e.id}`}>
          <div className={s.row}>
            <Text size={500} weight="semibold">
              {e.title}
            </Text>
            <Badge>{t(`phase.${e.phase}`)}</Badge>
          </div>
          <Text>
            {t('window', { start: e.startTime, end: e.endTime })} · {t('duration', { n: e.duration })}
          </Text>
          <div>
            <Button appearance="primary" onClick={() => navigate(`/home/competition-test?timeId=${e.id}`)}>
              {t('enter')}
            </Button>
          </div>
        </Card>
      ))}
    </div>
  )
}

function OneExam({ timeId }: { timeId: string }) {
  const s = useStyles()
  const { t } = useTranslation('exam')
  const [info, setInfo] = useState<ExamInfo | null>(null)
  const [paper, setPaper] = useState<SittingPaper | null>(null)
  const [auto, setAuto] = useState(false)

  const open = useCallback(
    async (notice: ExamInfo) => {
      const p = await api.get<SittingPaper>(PAPER_PATH, { timeId })
      setPaper(p)
      // An offline copy (exam-sw.ts answered) is not copied again: it is already the newest the page knows.
      if (p.clockAt !== undefined) return
      // Kept for a reopen without the network: the notice as it stands now (the sitting started), the paper as loaded.
      const mine: Mine = notice.mine ?? {
        sittingId: p.sittingId,
        state: 1,
        submitTime: null,
        submitKind: null,
        score: null,
      }
      await offlineExam.prepare()
      await offlineExam.keep(timeId, { ...notice, mine }, { ...p, clockAt: Date.now() })
    },
    [timeId],
  )
  useEffect(() => {
    void api.get<ExamInfo>(NOTICE_PATH, { timeId }).then(async (i) => {
      setInfo(i)
      // Back after a reload, in another browser or after a restart: straight into the paper, answers and time restored.
      if (i.mine?.state === 1) await open(i)
      else if (i.mine && i.mine.state >= 2) {
        await answerStore.clear(i.mine.sittingId)
        await offlineExam.forget(timeId)
      }
    })
  }, [timeId, open])

  if (!info) return <Spinner style={{ marginTop: 80 }} />
  if (paper)
    return (
      <ExamRunner
        paper={paper}
        onDone={(m, a) => {
          void offlineExam.forget(timeId)
          setPaper(null)
          setAuto(a && m.submitKind === 2)
          setInfo({ ...info, mine: m })
        }}
      />
    )
  const m = info.mine
  return (
    <div className={s.centre}>
      <Card className={s.card}>
        <div className={s.row}>
          <Text as="h1" size={700} weight="bold">
            {info.title}
          </Text>
          <Badge>{t(`phase.${info.phase}`)}</Badge>
        </div>
        <Text>
          {t('window', { start: info.startTime, end: info.endTime })} · {t('duration', { n: info.duration })}
        </Text>
        <RichText html={info.content} />
        {m && m.state >= 2 ? (
          <MessageBar intent="success" data-testid="exam-submitted">
            <MessageBarBody>
              <b>{t('submitted')}</b> {t('submittedAt', { t: m.submitTime })}
              {m.submitKind === 2 && t('autoSubmitted')}
              {auto && <div>{t('timeUp')}</div>}
              <div data-testid="exam-score">{m.score === null ? t('scorePending') : t('score', { s: m.score })}</div>
            </MessageBarBody>
          </MessageBar>
        ) : info.isCandidate === false ? (
          <MessageBar intent="warning">
            <MessageBarBody>{t('notCandidate')}</MessageBarBody>
          </MessageBar>
        ) : info.phase === 'notStarted' ? (
          <MessageBar>
            <MessageBarBody>{t('notStarted')}</MessageBarBody>
          </MessageBar>
        ) : info.phase === 'ended' ? (
          <MessageBar>
            <MessageBarBody>{t('ended')}</MessageBarBody>
          </MessageBar>
        ) : (
          <div>
            <Button appearance="primary" size="large" data-testid="exam-start" onClick={() => void open(info)}>
              {m ? t('resume') : t('start')}
            </Button>
          </div>
        )}
      </Card>
    </div>
  )
}
