import { Badge, Button, Field, Tab, TabList, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components'
import {
  ArrowDownloadRegular,
  DocumentRegular,
  EditRegular,
  PlayCircleRegular,
  StarFilled,
  StarRegular,
  TaskListLtrRegular,
  TextDescriptionRegular,
} from '@fluentui/react-icons'
import { Suspense, lazy, useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router-dom'
import type { Page } from '../../shared/api'
import { invalidate, useFetch, write } from '../../shared/data'
import { notify } from '../../shared/notify'
import Loading from '../../shared/Loading'
import { useSession } from '../../shared/session'
import { DownloadRows } from './Downloads'
import { usePortalStyles } from './ui'
import { Html } from './rich'
import { type CourseDetail as Detail, type Outline, thumb } from './types'
import { yuan } from '../pay/locale'

const useStyles = makeStyles({
  tabs: { flexWrap: 'wrap' },
  hero: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 420px) 1fr',
    gap: tokens.spacingHorizontalXXL,
    alignItems: 'start',
    '@media (max-width: 768px)': { gridTemplateColumns: '1fr' },
  },
  cover: {
    width: '100%',
    aspectRatio: '16 / 9',
    objectFit: 'cover',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: '#dde7f1',
  },
  info: { display: 'grid', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', alignItems: 'center' },
  section: { padding: '10px 0', borderBottom: `1px solid ${tokens.colorNeutralStroke3}` },
  ware: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: '4px 16px',
    color: tokens.colorNeutralForeground2,
  },
  stars: { display: 'inline-flex', color: '#f5a623' },
  rating: { padding: '12px 0', borderBottom: `1px solid ${tokens.colorNeutralStroke3}`, display: 'grid', gap: '4px' },
  form: { display: 'grid', gap: tokens.spacingVerticalS, gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))' },
})

// Loaded when a learner buys: the QR code drawing stays out of the course page for everyone else.
const PayDialog = lazy(() => import('../pay/PayDialog'))

export const WARE_ICON = {
  1: DocumentRegular,
  2: PlayCircleRegular,
  3: TextDescriptionRegular,
  4: TaskListLtrRegular,
} as const

/** Four clickable stars (1–5), keyboard-friendly: each star is a button. */
function StarInput({ value, onChange, label }: { value: number; onChange: (v: number) => void; label: string }) {
  const s = useStyles()
  return (
    <Field label={label}>
      <span className={s.stars} role="radiogroup" aria-label={label}>
        {[1, 2, 3, 4, 5].map((n) => (
          <Button
            key={n}
            appearance="transparent"
            size="small"
            role="radio"
            aria-checked={value === n}
            aria-label={`${label} ${n}`}
            icon={n <= value ? <StarFilled color="#f5a623" /> : <StarRegular />}
            onClick={() => onChange(n)}
            data-testid={`star-${label}-${n}`}
          />
        ))}
      </span>
    </Field>
  )
}

export const Stars = ({ n }: { n: number }) => {
  const s = useStyles()
  return (
    <span className={s.stars} role="img" aria-label={`${n.toFixed(1)} / 5`}>
      {[1, 2, 3, 4, 5].map((i) => (i <= Math.round(n) ? <StarFilled key={i} /> : <StarRegular key={i} />))}
    </span>
  )
}

interface Rating {
  id: string
  userName: string
  targetEvaluate: number
  contentEvaluate: number
  methodEvaluate: number
  effectEvaluate: number
  evaluate: string
  createTime: string
}

const NO_STARS = { targetEvaluate: 0, contentEvaluate: 0, methodEvaluate: 0, effectEvaluate: 0, evaluate: '' }
const average = (r: Rating) => (r.targetEvaluate + r.contentEvaluate + r.methodEvaluate + r.effectEvaluate) / 4

/**
 * Ratings of a course. An enrolled learner rates it once (four stars and a text) and may edit that rating later:
 * the server keeps one per learner and course.
 */
function Ratings({ courseId }: { courseId: string }) {
  const s = useStyles()
  const p = usePortalStyles()
  const { t } = useTranslation(['learn', 'common'])
  const list = useFetch<Page<Rating> & { canRate: boolean; mine: Rating | null }>(
    '/api/nep-wbp/courseEvaluate/detail',
    { courseId, size: 20 },
  )
  const [v, setV] = useState(NO_STARS)
  const [editing, setEditing] = useState(false)
  const submit = async () => {
    if (!v.targetEvaluate || !v.contentEvaluate || !v.methodEvaluate || !v.effectEvaluate)
      return notify.warning(t('rateNeedStars'))
    await write(
      '/api/nep-wbp/courseEvaluate/submit',
      { body: { courseId, ...v } },
      { invalidates: ['/api/nep-wbp/courseEvaluate', '/api/nop-wbp/course'] },
    )
    setEditing(false)
    notify.success(t('rated'))
  }
  if (!list.data) return <Loading />
  const { mine, canRate } = list.data
  const showForm = canRate && (!mine || editing)
  return (
    <div>
      {showForm && (
        <div className={p.panel} data-testid="rating-form" style={{ display: 'grid', gap: 12, marginBottom: 16 }}>
          <Text weight="semibold">{mine ? t('rateEdit') : t('rate')}</Text>
          <div className={s.form}>
            <StarInput
              label={t('rateTarget')}
              value={v.targetEvaluate}
              onChange={(n) => setV({ ...v, targetEvaluate: n })}
            />
            <StarInput
              label={t('rateContent')}
              value={v.contentEvaluate}
              onChange={(n) => setV({ ...v, contentEvaluate: n })}
            />
            <StarInput
              label={t('rateMethod')}
              value={v.methodEvaluate}
              onChange={(n) => setV({ ...v, methodEvaluate: n })}
            />
            <StarInput
              label={t('rateEffect')}
              value={v.effectEvaluate}
              onChange={(n) => setV({ ...v, effectEvaluate: n })}
            />
          </div>
          <Field label={t('rateText')}>
            <Textarea
              value={v.evaluate}
              maxLength={1000}
              onChange={(_, d) => setV({ ...v, evaluate: d.value })}
              data-testid="rating-text"
            />
          </Field>
          <div className={s.actions}>
            <Button appearance="primary" onClick={() => void submit()} data-testid="rating-submit">
              {t('submit')}
            </Button>
            {editing && <Button onClick={() => setEditing(false)}>{t('common:cancel')}</Button>}
          </div>
        </div>
      )}
      {mine && !showForm && (
        <div className={p.panel} data-testid="my-rating" style={{ display: 'grid', gap: 6, marginBottom: 16 }}>
          <Text weight="semibold">
            {t('myRating')} <Stars n={average(mine)} />
          </Text>
          {mine.evaluate && <Text>{mine.evaluate}</Text>}
          {canRate && (
            <div>
              <Button
                icon={<EditRegular />}
                onClick={() => {
                  setV({
                    targetEvaluate: mine.targetEvaluate,
                    contentEvaluate: mine.contentEvaluate,
                    methodEvaluate: mine.methodEvaluate,
                    effectEvaluate: mine.effectEvaluate,
                    evaluate: mine.evaluate ?? '',
                  })
                  setEditing(true)
                }}
                data-testid="rating-edit"
              >
                {t('rateEdit')}
              </Button>
            </div>
          )}
        </div>
      )}
      {list.data.records.length === 0 ? (
        <Text className={p.muted}>{t('noRatings')}</Text>
      ) : (
        list.data.records.map((r) => (
          <div key={r.id} className={s.rating} data-testid="rating">
            <Text weight="semibold">
              {r.userName} <Stars n={average(r)} />
            </Text>
            {r.evaluate && <Text>{r.evaluate}</Text>}
            <Text size={200} className={p.muted}>
              {r.createTime}
            </Text>
          </div>
        ))
      )}
    </div>
  )
}

/** A course or camp: cover, teacher, enrolment (review when isAuth), learn button, outline, rich texts and ratings. */
export default function CourseDetail() {
  const s = useStyles()
  const p = usePortalStyles()
  const { t } = useTranslation('learn')
  const [params] = useSearchParams()
  const id = params.get('id') ?? ''
  const navigate = useNavigate()
  const { token } = useSession()
  const detail = useFetch<Detail>('/api/nop-wbp/course/detail', { id })
  const outline = useFetch<Outline>('/api/nep-wbp/course/getCourseSection', { id })
  const [tab, setTab] = useState('sections')
  const [buying, setBuying] = useState(false)
  const closeBuying = useCallback(() => setBuying(false), [])
  // Paid: the page reads the course again (now enrolled) and its learning button shows, without a reload.
  const paid = useCallback(() => {
    void invalidate('/api/nop-wbp/course', '/api/nep-wbp/course', '/api/nep-wbp/courseUser')
    notify.success(t('pay:paid'))
  }, [t])
  if (!detail.data) return <div className={p.page}>{detail.isError ? <Text>{t('empty')}</Text> : <Loading />}</div>
  const c = detail.data
  const downloads = (outline.data?.sections ?? []).flatMap((sec) => sec.downloads)
  const learnPath = `/home/course/learn?id=${c.id}`
  const enrol = async () => {
    if (!token) return navigate(`/home/user-login?redirect=${encodeURIComponent(`/home/course-detail?id=${c.id}`)}`)
    // A priced course or camp is joined by paying its order, never by signing up.
    if (c.price > 0) return setBuying(true)
    const r = await write<{ status: number }>(
      '/api/nep-wbp/courseUser/signUp',
      { body: { courseId: c.id } },
      {
        invalidates: [
          '/api/nop-wbp/course',
          '/api/nep-wbp/course',
          '/api/nep-wbp/courseUser',
          '/api/nep-wbp/courseEvaluate',
        ],
      },
    )
    notify.success(r.status === 1 ? t('enrolled') : t('pending'))
  }
  const status = c.enrolStatus
  return (
    <div className={p.page}>
      <section className={s.hero}>
        {c.cover ? <img className={s.cover} src={thumb(c.cover, 640)} alt="" /> : <div className={s.cover} />}
        <div className={s.info}>
          <h1 className={p.h1}>{c.title}</h1>
          <Text>{c.intro}</Text>
          <Text>
            {t('teacherIs', { name: c.teacherName || '—' })} · {t('learners', { count: c.learnerNum })}
          </Text>
          <Text>
            <Stars
              n={c.rating.count ? (c.rating.target + c.rating.content + c.rating.method + c.rating.effect) / 4 : 0}
            />{' '}
            {t('ratingsCount', { count: c.rating.count })}
          </Text>
          {c.price > 0 && (
            <Text size={500} weight="semibold" data-testid="course-price">
              {t('pay:price', { yuan: yuan(c.price) })}
            </Text>
          )}
          <div className={s.actions}>
            {status === 1 ? (
              <Button appearance="primary" size="large" onClick={() => navigate(learnPath)} data-testid="learn">
                {t('learn')}
              </Button>
            ) : status === 0 ? (
              <Badge size="large" appearance="tint" color="warning" data-testid="enrol-pending">
                {t('pending')}
              </Badge>
            ) : (
              <Button appearance="primary" size="large" onClick={() => void enrol()} data-testid="enrol">
                {!token ? t('loginToEnrol') : c.price > 0 ? t('pay:buy', { yuan: yuan(c.price) }) : t('enrol')}
              </Button>
            )}
            {status === 2 && <Text>{t('rejected')}</Text>}
            {status !== 1 && (
              <Button size="large" onClick={() => navigate(learnPath)} data-testid="learn-guest">
                {t('learn')}
              </Button>
            )}
          </div>
        </div>
      </section>
      {buying && (
        <Suspense fallback={null}>
          <PayDialog item={c} onClose={closeBuying} onPaid={paid} />
        </Suspense>
      )}
      <TabList className={s.tabs} selectedValue={tab} onTabSelect={(_, d) => setTab(String(d.value))}>
        <Tab value="sections">{t('sections')}</Tab>
        <Tab value="intro">{t('intro')}</Tab>
        {downloads.length > 0 && (
          <Tab value="downloads" data-testid="tab-course-downloads">
            {t('downloads')}
          </Tab>
        )}
        <Tab value="ratings" data-testid="tab-ratings">
          {t('ratings')}
        </Tab>
      </TabList>
      <div className={p.panel}>
        {tab === 'sections' &&
          (outline.data?.sections ?? []).map((sec) => (
            <div key={sec.id} className={s.section}>
              <Text weight="semibold">{sec.title}</Text>
              {sec.wares.map((w) => {
                const Icon = WARE_ICON[w.type]
                return (
                  <div key={w.id} className={s.ware}>
                    <Icon aria-hidden />
                    <Text>{w.title}</Text>
                  </div>
                )
              })}
              {sec.downloads.map((d) => (
                <div key={d.id} className={s.ware}>
                  <ArrowDownloadRegular aria-hidden />
                  <Text>
                    {d.title} ({d.fileSize.toFixed(2)} MB)
                  </Text>
                </div>
              ))}
            </div>
          ))}
        {tab === 'intro' && (
          <div className={p.rich}>
            <Html html={c.content} />
            {c.standard && (
              <>
                <h3>{t('standard')}</h3>
                <Html html={c.standard} />
              </>
            )}
            {c.position && (
              <>
                <h3>{t('position')}</h3>
                <Html html={c.position} />
              </>
            )}
            {c.target && (
              <>
                <h3>{t('target')}</h3>
                <Html html={c.target} />
              </>
            )}
          </div>
        )}
        {tab === 'downloads' &&
          (outline.data?.sections ?? [])
            .filter((sec) => sec.downloads.length)
            .map((sec) => (
              <div key={sec.id} className={s.section}>
                <Text weight="semibold">{sec.title}</Text>
                <DownloadRows files={sec.downloads} />
              </div>
            ))}
        {tab === 'ratings' && <Ratings courseId={c.id} />}
      </div>
    </div>
  )
}
