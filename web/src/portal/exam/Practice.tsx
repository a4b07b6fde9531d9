import { useState } from 'react'
import {
  Button,
  Card,
  Dropdown,
  Option,
  SpinButton,
  Spinner,
  Tab,
  TabList,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom'
import { api, type Page } from '../../shared/api'
import { useFetch, write } from '../../shared/data'
import { useSession } from '../../shared/session'
import PracticeCard, { Feedback, type Checked, type PracticeQuestion } from './PracticeCard'
import QuestionInput from './QuestionInput'
import RichText from './RichText'
import type { Answer } from './useAnswerSync'
import './locale'
import './practice-locale'

export type PracticeMode =
  'questionType' | 'questionOrder' | 'questionRandom' | 'questionByRequire' | 'questionByRequirePaper' | 'check'

const useStyles = makeStyles({
  page: { minHeight: '100vh', backgroundColor: tokens.colorNeutralBackground2 },
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: '8px 5vw',
    backgroundColor: '#10253f',
    color: '#fff',
    flexWrap: 'wrap',
  },
  centre: {
    maxWidth: '820px',
    margin: '24px auto',
    padding: '0 16px',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  tab: { color: '#fff' },
})

const TYPES = [1, 2, 3, 4, 5]
/** The paper built by requirement travels to the answering page and the result page in this tab's session storage. */
const PAPER_KEY = 'atrium.practice.paper'
interface BuiltPaper {
  questions: PracticeQuestion[]
  shortfall: { type: number; wanted: number; available: number }[]
  answers?: Record<string, Answer | null>
  results?: Checked[]
}
const loadPaper = (): BuiltPaper | null => {
  try {
    return JSON.parse(sessionStorage.getItem(PAPER_KEY) ?? 'null')
  } catch {
    return null
  }
}
const savePaper = (p: BuiltPaper) => sessionStorage.setItem(PAPER_KEY, JSON.stringify(p))

/** One question at a time with previous/next, from any source of practice questions. */
function Stepper({
  questions,
  extra,
  empty,
}: {
  questions: PracticeQuestion[] | undefined
  extra?: (q: PracticeQuestion) => React.ReactNode
  empty?: string
}) {
  const { t } = useTranslation('practice')
  const [i, setI] = useState(0)
  if (!questions) return <Spinner />
  if (!questions.length) return <Text data-testid="practice-empty">{empty ?? t('empty')}</Text>
  const at = Math.min(i, questions.length - 1)
  const q = questions[at]
  return (
    <>
      <PracticeCard key={q.id} q={q} index={at} total={questions.length} extra={extra?.(q)} />
      <div style={{ display: 'flex', gap: 8 }}>
        <Button disabled={at === 0} onClick={() => setI(at - 1)}>
          {t('prev')}
        </Button>
        <Button
          appearance="primary"
          disabled={at >= questions.length - 1}
          onClick={() => setI(at + 1)}
          data-testid="practice-next"
        >
          {t('next')}
        </Button>
      </div>
    </>
  )
}

function ByType() {
  const { t: te } = useTranslation('exam')
  const [params, setParams] = useSearchParams()
  const type = params.get('type') ?? '1'
  const { data } = useFetch<Page<PracticeQuestion>>('/api/nep-wbp/question/practice', {
    type,
    mode: 'order',
    size: 200,
  })
  return (
    <>
      <TabList selectedValue={type} onTabSelect={(_, d) => setParams({ type: String(d.value) })}>
        {TYPES.map((n) => (
          <Tab key={n} value={String(n)} data-testid={`type-${n}`}>
            {te(`type.${n}`)}
          </Tab>
        ))}
      </TabList>
      <Stepper key={type} questions={data?.records} />
    </>
  )
}

/** In order, or a random draw; from the bank, a team's set (?teamId), favourites (?source=collect) or the wrong-answer book (?source=errors). */
function Sequence({ random }: { random: boolean }) {
  const { t } = useTranslation('practice')
  const [params] = useSearchParams()
  const teamId = params.get('teamId'),
    source = params.get('source')
  const url = teamId
    ? `/api/nep-wbp/question/${random ? 'getRandomTeamQuestion' : 'getTeamQuestion'}`
    : source === 'collect'
      ? '/api/nep-wbp/userQuestionCollect/lookQuestionCollects'
      : source === 'errors'
        ? '/api/nep-wbp/logUserQuestion/showErrorQuestion'
        : '/api/nep-wbp/question/practice'
  const { data } = useFetch<Page<PracticeQuestion & { lastAnswer?: unknown; times?: number }> | PracticeQuestion[]>(
    url,
    teamId ? { teamId } : { mode: random ? 'random' : 'order', size: random ? 20 : 200 },
  )
  const questions = data ? (Array.isArray(data) ? data : data.records) : undefined
  const lastWrong = (q: PracticeQuestion & { lastAnswer?: unknown; times?: number }) => {
    if (source !== 'errors' || q.lastAnswer === undefined) return null
    const given = Array.isArray(q.lastAnswer)
      ? q.lastAnswer
          .map((x) => {
            const k = q.options.findIndex((o) => o.id === x)
            return k >= 0 ? String.fromCharCode(65 + k) : String(x)
          })
          .join(', ')
      : String(q.lastAnswer ?? '')
    return (
      <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <Text size={200} data-testid="last-wrong">
          {t('lastWrong', { a: given, n: q.times ?? 1 })}
        </Text>
        <Button
          size="small"
          onClick={() =>
            void write(
              '/api/nep-wbp/logUserQuestion/removeErrorQuestion',
              { params: { questionId: q.id } },
              { invalidates: ['/api/nep-wbp/logUserQuestion'] },
            )
          }
        >
          {t('remove')}
        </Button>
      </div>
    )
  }
  return <Stepper questions={questions} extra={lastWrong} />
}

function ByRequire() {
  const { t } = useTranslation('practice')
  const { t: te } = useTranslation('exam')
  const navigate = useNavigate()
  const [counts, setCounts] = useState<Record<number, number>>({ 1: 2, 2: 1, 3: 1, 4: 1, 5: 0 })
  const [hard, setHard] = useState('')
  const { data: available } = useFetch<{ type: number; hard: number; number: number }[]>(
    '/api/nep-wbp/question/typeNumber',
  )
  const have = (type: number) =>
    (available ?? [])
      .filter((a) => a.type === type && (!hard || String(a.hard) === hard))
      .reduce((s, a) => s + a.number, 0)
  const build = async () => {
    const requires = TYPES.filter((n) => counts[n] > 0).map((n) => ({
      type: n,
      number: counts[n],
      ...(hard ? { hard: Number(hard) } : {}),
    }))
    const paper = await api.post<BuiltPaper>('/api/nep-wbp/question/toPaperByRequire', { requires })
    savePaper(paper)
    navigate('/home/questionByRequirePaper')
  }
  return (
    <Card style={{ padding: 24, display: 'flex', flexDirection: 'column', gap: 12 }}>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <Text style={{ width: 120 }}>{t('hard')}</Text>
        <Dropdown
          value={hard ? ['', '简单', '中等', '困难'][Number(hard)] : t('anyHard')}
          onOptionSelect={(_, d) => setHard(d.optionValue ?? '')}
        >
          <Option value="">{t('anyHard')}</Option>
          <Option value="1">简单 / Easy</Option>
          <Option value="2">中等 / Medium</Option>
          <Option value="3">困难 / Hard</Option>
        </Dropdown>
      </div>
      {TYPES.map((n) => (
        <div key={n} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <Text style={{ width: 120 }}>{te(`type.${n}`)}</Text>
          <SpinButton
            value={counts[n]}
            min={0}
            max={100}
            onChange={(_, d) => setCounts({ ...counts, [n]: d.value ?? Number(d.displayValue) ?? 0 })}
            data-testid={`require-${n}`}
          />
          <Text size={200}>≤ {have(n)}</Text>
        </div>
      ))}
      <Button
        appearance="primary"
        style={{ alignSelf: 'flex-start' }}
        onClick={() => void build()}
        data-testid="require-build"
      >
        {t('build')}
      </Button>
    </Card>
  )
}

function RequirePaper() {
  const { t } = useTranslation('practice')
  const { t: te } = useTranslation('exam')
  const navigate = useNavigate()
  const [paper] = useState(loadPaper)
  const [answers, setAnswers] = useState<Record<string, Answer | null>>(paper?.answers ?? {})
  if (!paper) return <Navigate to="/home/questionByRequire" replace />
  // Handing in checks every answer on the server (wrong ones land in the wrong-answer book); /home/check shows the results.
  const done = async () => {
    const results = await api.post<Checked[]>('/api/nep-wbp/question/checkAnswers', {
      answers: paper.questions.map((q) => ({ questionId: q.id, answer: answers[q.id] ?? null })),
    })
    savePaper({ ...paper, answers, results })
    navigate('/home/check')
  }
  return (
    <>
      {paper.shortfall.map((f) => (
        <Text key={f.type}>{t('shortfall', { type: te(`type.${f.type}`), a: f.available, w: f.wanted })}</Text>
      ))}
      {paper.questions.map((q, i) => (
        <Card key={q.id} style={{ padding: 20, display: 'flex', flexDirection: 'column', gap: 10 }}>
          <Text weight="semibold">
            {i + 1}. {te(`type.${q.type}`)}
          </Text>
          <RichText html={q.content} />
          <QuestionInput q={q} value={answers[q.id]} onChange={(a) => setAnswers({ ...answers, [q.id]: a })} />
        </Card>
      ))}
      <Button
        appearance="primary"
        style={{ alignSelf: 'flex-start' }}
        onClick={() => void done()}
        data-testid="require-check"
      >
        {t('checkAll')}
      </Button>
    </>
  )
}

/** /home/check: every answer of the built paper checked by the server, with the key and analysis. */
function CheckPage() {
  const { t } = useTranslation('practice')
  const [paper] = useState(loadPaper)
  const data = paper?.results
  if (!paper || !data) return <Navigate to="/home/questionByRequire" replace />
  const total = data.reduce((s, c) => s + (c.score ?? 0), 0),
    points = data.reduce((s, c) => s + c.points, 0)
  return (
    <>
      <Text size={500} weight="semibold" data-testid="check-total">
        {t('total', { s: Math.round(total * 100) / 100, p: points })}
      </Text>
      {paper.questions.map((q, i) => (
        <Card key={q.id} style={{ padding: 20, display: 'flex', flexDirection: 'column', gap: 10 }}>
          <Text weight="semibold">{i + 1}.</Text>
          <RichText html={q.content} />
          <QuestionInput q={q} value={paper.answers?.[q.id]} disabled onChange={() => undefined} />
          <Feedback q={q} checked={data[i]} />
        </Card>
      ))}
    </>
  )
}

/** The practice pages of spec §2: /home/questionType, questionOrder, questionRandom, questionByRequire, questionByRequirePaper, check. */
export default function Practice({ mode }: { mode: PracticeMode }) {
  const s = useStyles()
  const { t } = useTranslation('practice')
  const { token } = useSession()
  const navigate = useNavigate()
  const { search } = useLocation()
  if (!token) return <Navigate to="/home/user-login" replace />
  const current =
    mode === 'questionOrder' && search.includes('source=collect')
      ? 'collect'
      : mode === 'questionOrder' && search.includes('source=errors')
        ? 'errors'
        : mode
  const tabs: [string, string][] = [
    ['questionType', t('byType')],
    ['questionOrder', t('order')],
    ['questionRandom', t('random')],
    ['questionByRequire', t('byRequire')],
    ['collect', t('collects')],
    ['errors', t('errors')],
  ]
  return (
    <div className={s.page}>
      <div className={s.bar}>
        <Button appearance="transparent" style={{ color: '#fff' }} onClick={() => navigate('/home/index')}>
          {t('title')}
        </Button>
        {tabs.map(([k, label]) => (
          <Button
            key={k}
            appearance={current === k ? 'primary' : 'transparent'}
            style={current === k ? undefined : { color: '#fff' }}
            data-testid={`practice-tab-${k}`}
            onClick={() =>
              navigate(k === 'collect' || k === 'errors' ? `/home/questionOrder?source=${k}` : `/home/${k}`)
            }
          >
            {label}
          </Button>
        ))}
      </div>
      <div className={s.centre}>
        {mode === 'questionType' && <ByType />}
        {mode === 'questionOrder' && <Sequence key={search} random={false} />}
        {mode === 'questionRandom' && <Sequence key={search} random />}
        {mode === 'questionByRequire' && <ByRequire />}
        {mode === 'questionByRequirePaper' && <RequirePaper />}
        {mode === 'check' && <CheckPage />}
      </div>
    </div>
  )
}
