import { Badge, Button, Card, CardHeader, MessageBar, MessageBarBody, Text, tokens } from '@fluentui/react-components'
import { CheckmarkCircleFilled, DismissCircleFilled } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import type { Page } from '../../shared/api'
import { useFetch } from '../../shared/data'
import Loading from '../../shared/Loading'
import Pager from '../../shared/Pager'
import { usePortalStyles } from '../content/ui'
import { Html } from '../content/rich'
import { CompetitionTabs, useCompetitionStyles, type CompetitionCard } from './Competitions'
import './competition-locale'
import './locale'

/** One of the learner's sittings on a competition (GET /api/nep-wbp/paperTimeUser/myCompetitions). */
interface MyCompetition extends CompetitionCard {
  sittingId: string
  state: number
  submitTime: string | null
  submitKind: number | null
  score: number | null
  reviewable: boolean
}
interface ReviewQuestion {
  id: string
  type: number
  content: string
  analysis: string | null
  points: number
  options: { id: string; label: string; content: string; isCorrect: number }[]
  blanks: string[][]
  given: unknown
  score: number | null
  correct: number | null
  comment: string | null
  /** Another exam still holds this question: no key, verdict or analysis came with it. */
  keyClosed: boolean
}
interface Review {
  sittingId: string
  title: string
  score: number | null
  submitTime: string | null
  questions: ReviewQuestion[]
}

const MINE = '/api/nep-wbp/paperTimeUser/myCompetitions'

function Result({ m }: { m: MyCompetition }) {
  const { t } = useTranslation('competition')
  if (m.state === 1) return null
  return (
    <Text weight="semibold" data-testid="my-competition-score">
      {m.score === null ? t('scorePending') : t('score', { s: m.score })}
    </Text>
  )
}

/** /home/competition/student-competition: the signed-in learner's competitions, where each stands, the score once published. */
export function MyCompetitions() {
  const p = usePortalStyles()
  const s = useCompetitionStyles()
  const { t } = useTranslation('competition')
  const navigate = useNavigate()
  const [params, setParams] = useSearchParams()
  const current = Number(params.get('current')) || 1,
    size = Number(params.get('size')) || 12
  const list = useFetch<Page<MyCompetition>>(MINE, { current, size })
  return (
    <div className={p.page}>
      <h1 className={p.h1}>{t('mine')}</h1>
      <CompetitionTabs current="mine" />
      {!list.data ? (
        <Loading />
      ) : !list.data.records.length ? (
        <div className={s.actions}>
          <Text className={p.muted}>{t('myEmpty')}</Text>
          <Button onClick={() => navigate('/home/competition')}>{t('browse')}</Button>
        </div>
      ) : (
        <div className={p.grid} data-testid="my-competitions">
          {list.data.records.map((m) => (
            <Card key={m.sittingId} data-testid="my-competition">
              <CardHeader
                header={
                  <Link
                    className={s.title}
                    to={`/home/competition/student-competition-detail?sittingId=${m.sittingId}`}
                  >
                    {m.title}
                  </Link>
                }
                description={<Text size={200}>{t(`category.${m.category}`)}</Text>}
              />
              <div className={s.meta}>
                <Text size={200}>{t('window', { start: m.startTime.slice(0, 16), end: m.endTime.slice(0, 16) })}</Text>
                {m.submitTime && (
                  <Text size={200}>
                    {t('submittedAt', { t: m.submitTime })}
                    {m.submitKind === 2 && t('autoSubmitted')}
                  </Text>
                )}
              </div>
              <div className={s.actions}>
                <Badge appearance="tint" color={m.state === 3 ? 'success' : 'informative'}>
                  {t(`state.${m.state}`)}
                </Badge>
                <Result m={m} />
              </div>
            </Card>
          ))}
        </div>
      )}
      {list.data && list.data.total > size && (
        <Pager
          current={current}
          size={size}
          total={list.data.total}
          sizes={[12, 24, 48]}
          onChange={(c, sz) => setParams({ current: String(c), size: String(sz) })}
        />
      )}
    </div>
  )
}

/** A given answer as text: chosen option labels, blanks in order, or the written answer. */
function shownAnswer(q: ReviewQuestion, given: unknown, none: string) {
  if (given === null || given === undefined || (Array.isArray(given) && !given.length)) return none
  if (q.options.length && Array.isArray(given))
    return q.options
      .filter((o) => given.includes(o.id))
      .map((o) => o.label)
      .join('、')
  if (Array.isArray(given)) return given.map((g) => (g === '' ? '—' : String(g))).join(' | ')
  return String(given)
}

function Verdict({ q }: { q: ReviewQuestion }) {
  const { t } = useTranslation('competition')
  if (q.correct === null) return null
  const [colour, text] =
    q.correct === 1
      ? (['success', t('right')] as const)
      : q.correct === 2
        ? (['warning', t('partly')] as const)
        : (['danger', t('wrong')] as const)
  return (
    <Badge appearance="tint" color={colour}>
      {text}
    </Badge>
  )
}

function ReviewItem({ q, n }: { q: ReviewQuestion; n: number }) {
  const p = usePortalStyles()
  const s = useCompetitionStyles()
  const { t } = useTranslation(['competition', 'exam'])
  const none = t('competition:noAnswer')
  const given = Array.isArray(q.given) ? (q.given as string[]) : []
  return (
    <section className={p.panel} data-testid="review-question">
      <div className={s.head}>
        <Text weight="semibold">
          {t('exam:question', { n })} · {t(`exam:type.${q.type}`)}
        </Text>
        <Verdict q={q} />
        <Text data-testid="review-score">{t('competition:got', { s: q.score ?? '—', p: q.points })}</Text>
      </div>
      <Html className={p.rich} html={q.content} />
      {q.keyClosed && <Text data-testid="review-key-closed">{t('competition:keyClosed')}</Text>}
      {q.options.length > 0 && (
        <ul style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 6 }}>
          {q.options.map((o) => {
            const chosen = given.includes(o.id)
            return (
              <li key={o.id} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                {q.keyClosed ? (
                  <span style={{ width: 16 }} />
                ) : o.isCorrect ? (
                  <CheckmarkCircleFilled
                    color={tokens.colorPaletteGreenForeground1}
                    aria-label={t('competition:key')}
                  />
                ) : chosen ? (
                  <DismissCircleFilled color={tokens.colorPaletteRedForeground1} aria-label={t('competition:wrong')} />
                ) : (
                  <span style={{ width: 16 }} />
                )}
                <div style={{ fontWeight: chosen ? 600 : 400 }}>
                  {o.label}. <Html html={o.content} className={s.inline} />
                  {chosen && ` ← ${t('competition:yourAnswer')}`}
                </div>
              </li>
            )
          })}
        </ul>
      )}
      <dl className={s.facts}>
        {(!q.options.length || q.keyClosed) && (
          <>
            <dt>{t('competition:yourAnswer')}</dt>
            <dd data-testid="review-given">{shownAnswer(q, q.given, none)}</dd>
          </>
        )}
        {q.blanks.length > 0 && (
          <>
            <dt>{t('competition:key')}</dt>
            <dd>{q.blanks.map((alts) => alts.join(' / ')).join(' | ')}</dd>
          </>
        )}
        {q.comment && (
          <>
            <dt>{t('competition:comment')}</dt>
            <dd data-testid="review-comment">{q.comment}</dd>
          </>
        )}
      </dl>
      {q.analysis && (
        <div>
          <Text weight="semibold">{t('competition:analysis')}</Text>
          <Html className={p.rich} html={q.analysis} />
        </div>
      )}
    </section>
  )
}

/** /home/competition/student-competition-detail?sittingId=: where one of my competitions stands; once published, every answer reviewed. */
export function MyCompetitionDetail() {
  const p = usePortalStyles()
  const s = useCompetitionStyles()
  const { t } = useTranslation('competition')
  const [params] = useSearchParams()
  const sittingId = params.get('sittingId') ?? ''
  const list = useFetch<Page<MyCompetition>>(MINE, { size: 200 })
  const m = list.data?.records.find((r) => r.sittingId === sittingId)
  const review = useFetch<Review>(
    '/api/nep-wbp/paperTimeUser/review',
    { sittingId },
    { enabled: !!m?.reviewable, silent: true },
  )
  if (!list.data) return <Loading style={{ marginTop: 80 }} />
  const back = (
    <Link className={p.link} to="/home/competition/student-competition">
      {t('mine')}
    </Link>
  )
  if (!m)
    return (
      <div className={p.page}>
        {back}
        <Text>{t('myEmpty')}</Text>
      </div>
    )
  return (
    <div className={p.page}>
      {back}
      <div className={s.head}>
        <h1 className={p.h1}>{m.title}</h1>
        <Badge appearance="outline">{t(`category.${m.category}`)}</Badge>
      </div>
      <section className={p.panel}>
        <dl className={s.facts}>
          <dt>{t('windowLabel')}</dt>
          <dd>{t('window', { start: m.startTime, end: m.endTime })}</dd>
          <dt>{t('scoreRule')}</dt>
          <dd>
            <Result m={m} />
          </dd>
          {m.submitTime && (
            <>
              <dt>{t('submittedLabel')}</dt>
              <dd>
                {m.submitTime}
                {m.submitKind === 2 && t('autoSubmitted')}
              </dd>
            </>
          )}
        </dl>
      </section>
      {m.state === 1 ? (
        <div>
          <Link className={p.link} to={`/home/competition-test?timeId=${m.id}`}>
            {t('resume')}
          </Link>
        </div>
      ) : !m.reviewable ? (
        <MessageBar>
          <MessageBarBody>{m.showScore ? t('reviewClosed') : t('scoreHidden')}</MessageBarBody>
        </MessageBar>
      ) : !review.data ? (
        <Loading />
      ) : (
        <>
          <h2 className={p.h2}>{t('reviewTitle')}</h2>
          {review.data.questions.map((q, i) => (
            <ReviewItem key={q.id} q={q} n={i + 1} />
          ))}
        </>
      )}
    </div>
  )
}
