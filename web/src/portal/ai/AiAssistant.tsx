import {
  Button,
  Field,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Select,
  Spinner,
  Text,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { ArrowLeftRegular, SendRegular, StopRegular } from '@fluentui/react-icons'
import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router-dom'
import { ApiFailure, requestStream } from '../../shared/api'
import { useFetch } from '../../shared/data'
import Loading from '../../shared/Loading'
import './locale'

const BASE = '/api/blade-assistant/question'

interface CourseChoice {
  id: string
  title: string
  enrolled: boolean
}
interface AskState {
  enabled: boolean
  quota: number
  asked: number
  courses: CourseChoice[]
}
interface Citation {
  n: number
  sectionId: string
  title: string
  link: string
}

const useStyles = makeStyles({
  page: {
    maxWidth: '880px',
    margin: '0 auto',
    padding: '24px 16px 48px',
    display: 'grid',
    gap: tokens.spacingVerticalL,
  },
  head: { display: 'grid', gap: tokens.spacingVerticalS },
  form: { display: 'grid', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap' },
  answer: {
    whiteSpace: 'pre-wrap',
    lineHeight: '1.7',
    padding: '16px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  sources: { margin: 0, paddingLeft: '20px', display: 'grid', gap: tokens.spacingVerticalXS },
})

/** The answer's text with each [n] turned into a link to the cited section on the learn page. */
function withCitations(text: string, sources: Citation[], label: (c: Citation) => string): ReactNode[] {
  return text.split(/(\[\d+\])/).map((part, i) => {
    const cited = /^\[(\d+)\]$/.exec(part) && sources.find((s) => `[${s.n}]` === part)
    return cited ? (
      <Link key={i} to={cited.link} aria-label={label(cited)}>
        {part}
      </Link>
    ) : (
      <Fragment key={i}>{part}</Fragment>
    )
  })
}

/**
 * The study assistant (/home/ai, a full-page learning route): pick a course, ask, and read the answer as it streams
 * in, its [n] citations linking to the sections on the learn page. Off, with a page saying so, until the platform
 * administrator enables a model endpoint.
 */
export default function AiAssistant() {
  const { t } = useTranslation('ai')
  const s = useStyles()
  const navigate = useNavigate()
  const state = useFetch<AskState>(`${BASE}/state`)
  const [courseId, setCourseId] = useState('')
  const [question, setQuestion] = useState('')
  const [answer, setAnswer] = useState('')
  const [sources, setSources] = useState<Citation[]>([])
  const [problem, setProblem] = useState<{ field?: string; text: string }>()
  const [busy, setBusy] = useState(false)
  const stop = useRef<AbortController | undefined>(undefined)
  useEffect(() => () => stop.current?.abort(), [])

  const courses = state.data?.courses ?? []
  // The first course is chosen until the learner picks another.
  const chosen = courseId || courses[0]?.id || ''

  async function ask() {
    setAnswer('')
    setSources([])
    setProblem(undefined)
    setBusy(true)
    stop.current = new AbortController()
    try {
      await requestStream(
        `${BASE}/ask`,
        { courseId: chosen, question },
        (event, data) => {
          if (event === 'sources') setSources(data as Citation[])
          else if (event === 'delta') setAnswer((a) => a + (data as { text: string }).text)
          else if (event === 'error') setProblem({ text: (data as { msg: string }).msg })
        },
        { signal: stop.current.signal, silent: true },
      )
    } catch (e) {
      if (e instanceof ApiFailure) setProblem({ field: e.field, text: e.message })
    } finally {
      setBusy(false)
      void state.refetch()
    }
  }

  const head = (
    <header className={s.head}>
      <div>
        <Button appearance="subtle" icon={<ArrowLeftRegular />} onClick={() => navigate('/home/index')}>
          {t('back')}
        </Button>
      </div>
      <Text as="h1" size={700} weight="semibold">
        {t('title')}
      </Text>
      <Text>{t('intro')}</Text>
    </header>
  )
  if (state.isPending) return <Loading style={{ marginTop: '20vh' }} />
  if (!state.data?.enabled)
    return (
      <main className={s.page}>
        {head}
        <MessageBar intent="info" data-testid="assistant-off">
          <MessageBarBody>
            <MessageBarTitle>{t('offTitle')}</MessageBarTitle>
            {t('offText')}
          </MessageBarBody>
        </MessageBar>
      </main>
    )

  const label = (c: Citation) => t('citation', { n: c.n, title: c.title })
  // The platform administrator may give a school no questions (its licence): the form stays, asking does not.
  const noQuota = state.data.quota === 0
  return (
    <main className={s.page}>
      {head}
      {noQuota && (
        <MessageBar intent="warning" data-testid="assistant-no-quota">
          <MessageBarBody>{t('noQuota')}</MessageBarBody>
        </MessageBar>
      )}
      {courses.length ? (
        <form
          className={s.form}
          onSubmit={(e) => {
            e.preventDefault()
            void ask()
          }}
        >
          <Field
            label={t('course')}
            required
            validationMessage={problem?.field === 'courseId' ? problem.text : undefined}
          >
            <Select value={chosen} onChange={(_, d) => setCourseId(d.value)} data-testid="assistant-course">
              {courses.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.enrolled ? `${c.title}（${t('enrolled')}）` : c.title}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            label={t('question')}
            required
            validationMessage={problem?.field === 'question' ? problem.text : undefined}
          >
            <Textarea
              value={question}
              maxLength={500}
              rows={3}
              resize="vertical"
              placeholder={t('placeholder')}
              onChange={(_, d) => setQuestion(d.value)}
              data-testid="assistant-question"
            />
          </Field>
          <div className={s.actions}>
            <Button
              type="submit"
              appearance="primary"
              icon={<SendRegular />}
              disabled={busy || noQuota || !question.trim() || !chosen}
            >
              {t('ask')}
            </Button>
            {busy && (
              <>
                <Spinner size="tiny" label={t('asking')} />
                <Button icon={<StopRegular />} onClick={() => stop.current?.abort()}>
                  {t('stop')}
                </Button>
              </>
            )}
            {!noQuota && <Text size={200}>{t('quota', { asked: state.data.asked, quota: state.data.quota })}</Text>}
          </div>
        </form>
      ) : (
        <MessageBar intent="info">
          <MessageBarBody>{t('noCourses')}</MessageBarBody>
        </MessageBar>
      )}
      {problem && !problem.field && (
        <MessageBar intent="error" data-testid="assistant-problem">
          <MessageBarBody>{problem.text}</MessageBarBody>
        </MessageBar>
      )}
      {(answer || sources.length > 0) && (
        <section aria-live="polite" aria-labelledby="assistant-answer">
          <Text as="h2" id="assistant-answer" size={500} weight="semibold">
            {t('answer')}
          </Text>
          <div className={s.answer} data-testid="assistant-answer">
            {withCitations(answer, sources, label)}
          </div>
        </section>
      )}
      {sources.length > 0 && (
        <section aria-labelledby="assistant-sources">
          <Text as="h2" id="assistant-sources" size={500} weight="semibold">
            {t('sources')}
          </Text>
          <ol className={s.sources}>
            {sources.map((c) => (
              <li key={c.n} value={c.n}>
                <Link to={c.link}>{c.title}</Link>
              </li>
            ))}
          </ol>
        </section>
      )}
    </main>
  )
}
