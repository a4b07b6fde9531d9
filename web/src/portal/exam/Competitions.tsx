import {
  Badge,
  Button,
  Card,
  CardFooter,
  CardHeader,
  CardPreview,
  Dropdown,
  Input,
  MessageBar,
  MessageBarBody,
  Option,
  Tab,
  TabList,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { SearchRegular } from '@fluentui/react-icons'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import type { Page } from '../../shared/api'
import { useFetch } from '../../shared/data'
import Loading from '../../shared/Loading'
import Pager from '../../shared/Pager'
import { useSession } from '../../shared/session'
import { usePortalStyles } from '../content/ui'
import { Html } from '../content/rich'
import { thumb } from '../content/types'
import './competition-locale'
import type { Phase } from '../../../../server/api-types'

export type { Phase }

/** A competition as the portal lists it (GET /api/nop-wbp/paperTime/list). */
export interface CompetitionCard {
  id: string
  title: string
  cover: string | null
  category: number
  startTime: string
  endTime: string
  duration: number
  showScore: number
  distributed: number
  phase: Phase
  open: boolean
  participants?: number
}
interface CompetitionDetailData extends CompetitionCard {
  content: string | null
  questionCount: number
  totalScore: number
  serverTime: number
}
/** Where the signed-in learner stands (GET /api/nep-wbp/paperTime/showPaperMessage). */
interface Standing {
  isCandidate: boolean
  mine: { sittingId: string; state: number } | null
}

export const useCompetitionStyles = makeStyles({
  tabs: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  cover: {
    width: '100%',
    aspectRatio: '16 / 9',
    objectFit: 'cover',
    backgroundImage: 'linear-gradient(120deg, #0f3a5f 0%, #1B79C3 100%)',
  },
  title: {
    color: tokens.colorNeutralForeground1,
    textDecoration: 'none',
    fontWeight: tokens.fontWeightSemibold,
    fontSize: '16px',
    ':hover': { textDecoration: 'underline' },
  },
  meta: { display: 'flex', flexDirection: 'column', gap: '2px', color: tokens.colorNeutralForeground2 },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    margin: 0,
    '& dt': { color: tokens.colorNeutralForeground3 },
    '& dd': { margin: 0 },
  },
  head: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  inline: { display: 'inline-block', '& p': { display: 'inline', margin: 0 } },
  hero: { width: '100%', maxHeight: '320px', objectFit: 'cover', borderRadius: tokens.borderRadiusLarge },
})

const PHASE_COLOUR = { open: 'success', notStarted: 'informative', ended: 'subtle' } as const

export function PhaseBadge({ phase }: { phase: Phase }) {
  const { t } = useTranslation('competition')
  return (
    <Badge appearance="filled" color={PHASE_COLOUR[phase]} data-testid="competition-phase">
      {t(`phase.${phase}`)}
    </Badge>
  )
}

/** Tabs shared by the competition pages: all, student, company, and (signed in) mine. */
export function CompetitionTabs({ current }: { current: 'all' | 'student' | 'company' | 'mine' }) {
  const { t } = useTranslation('competition')
  const navigate = useNavigate()
  const paths = {
    all: '/home/competition',
    student: '/home/competition?category=1',
    company: '/home/competition/company-competition',
    mine: '/home/competition/student-competition',
  } as const
  return (
    <TabList
      selectedValue={current}
      onTabSelect={(_, d) => navigate(paths[d.value as keyof typeof paths])}
      aria-label={t('title')}
    >
      {(Object.keys(paths) as (keyof typeof paths)[]).map((k) => (
        <Tab key={k} value={k} data-testid={`competition-tab-${k}`}>
          {t(k)}
        </Tab>
      ))}
    </TabList>
  )
}

function Tile({ c }: { c: CompetitionCard }) {
  const s = useCompetitionStyles()
  const { t } = useTranslation('competition')
  return (
    <Card data-testid="competition-card">
      <CardPreview>
        {c.cover ? (
          <img className={s.cover} src={thumb(c.cover)} alt="" loading="lazy" width={320} height={180} />
        ) : (
          <div className={s.cover} />
        )}
      </CardPreview>
      <CardHeader
        header={
          <Link className={s.title} to={`/home/competition-detail?id=${c.id}`}>
            {c.title}
          </Link>
        }
        description={<Text size={200}>{t(`category.${c.category}`)}</Text>}
      />
      <div className={s.meta}>
        <Text size={200}>{t('window', { start: c.startTime.slice(0, 16), end: c.endTime.slice(0, 16) })}</Text>
        <Text size={200}>
          {t('duration', { n: c.duration })} · {t('participants', { n: c.participants ?? 0 })}
        </Text>
      </div>
      <CardFooter>
        <PhaseBadge phase={c.phase} />
      </CardFooter>
    </Card>
  )
}

/**
 * /home/competition (every competition, or ?category=1 student ones) and
 * /home/competition/company-competition (category 2): open to visitors; search,
 * state filter and paging live in the address.
 */
export function CompetitionList({ company = false }: { company?: boolean }) {
  const p = usePortalStyles()
  const s = useCompetitionStyles()
  const { t } = useTranslation('competition')
  const [params, setParams] = useSearchParams()
  const [title, setTitle] = useState(params.get('title') ?? '')
  const category = company ? '2' : (params.get('category') ?? '')
  const current = Number(params.get('current')) || 1,
    size = Number(params.get('size')) || 12
  const phase = params.get('phase') ?? ''
  const list = useFetch<Page<CompetitionCard>>('/api/nop-wbp/paperTime/list', {
    category: category || undefined,
    phase: phase || undefined,
    title: params.get('title') || undefined,
    current,
    size,
  })
  const set = (change: Record<string, string | undefined>) =>
    setParams((x) => {
      const n = new URLSearchParams(x)
      for (const [k, v] of Object.entries(change)) {
        if (v) n.set(k, v)
        else n.delete(k)
      }
      return n
    })
  const heading = company ? t('company') : category === '1' ? t('student') : t('title')
  return (
    <div className={p.page}>
      <h1 className={p.h1}>{heading}</h1>
      <CompetitionTabs current={company ? 'company' : category === '1' ? 'student' : 'all'} />
      <div className={s.tabs}>
        <Input
          contentBefore={<SearchRegular />}
          placeholder={t('search')}
          aria-label={t('search')}
          value={title}
          onChange={(_, d) => setTitle(d.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') set({ title: title || undefined, current: undefined })
          }}
          data-testid="competition-search"
        />
        <Dropdown
          aria-label={t('anyPhase')}
          value={phase ? t(`phase.${phase}`) : t('anyPhase')}
          selectedOptions={[phase]}
          onOptionSelect={(_, d) => set({ phase: d.optionValue || undefined, current: undefined })}
          style={{ minWidth: 140 }}
        >
          <Option value="">{t('anyPhase')}</Option>
          {(['open', 'notStarted', 'ended'] as const).map((x) => (
            <Option key={x} value={x}>
              {t(`phase.${x}`)}
            </Option>
          ))}
        </Dropdown>
      </div>
      {!list.data ? (
        <Loading />
      ) : !list.data.records.length ? (
        <Text className={p.muted}>{t('empty')}</Text>
      ) : (
        <div className={p.grid} data-testid="competition-list">
          {list.data.records.map((c) => (
            <Tile key={c.id} c={c} />
          ))}
        </div>
      )}
      {list.data && list.data.total > size && (
        <Pager
          current={current}
          size={size}
          total={list.data.total}
          sizes={[12, 24, 48]}
          onChange={(c, sz) => set({ current: String(c), size: String(sz) })}
        />
      )}
    </div>
  )
}

const clock = (ms: number) => {
  const sec = Math.max(0, Math.floor(ms / 1000))
  const d = Math.floor(sec / 86400)
  const hms = [Math.floor((sec % 86400) / 3600), Math.floor((sec % 3600) / 60), sec % 60]
    .map((n) => String(n).padStart(2, '0'))
    .join(':')
  return d ? `${d}d ${hms}` : hms
}

/** Counts down to the start (or the end) on the server's clock: the offset is taken once from the detail's serverTime. */
function Countdown({ c }: { c: CompetitionDetailData }) {
  const { t } = useTranslation('competition')
  const [offset] = useState(() => c.serverTime - Date.now())
  const [tick, setTick] = useState(() => Date.now())
  useEffect(() => {
    const h = setInterval(() => setTick(Date.now()), 1000)
    return () => clearInterval(h)
  }, [])
  const at = tick + offset
  const target = new Date((c.phase === 'notStarted' ? c.startTime : c.endTime).replace(' ', 'T')).getTime()
  if (c.phase === 'ended' || target <= at) return null
  return (
    <Text weight="semibold" data-testid="competition-countdown" aria-live="off">
      {t(c.phase === 'notStarted' ? 'startsIn' : 'endsIn', { t: clock(target - at) })}
    </Text>
  )
}

/** /home/competition-detail?id=: window, duration, questions, who may take part, rules; enter (signed in) → /home/competition-test. */
export function CompetitionDetail() {
  const p = usePortalStyles()
  const s = useCompetitionStyles()
  const { t } = useTranslation('competition')
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const { token } = useSession()
  const id = params.get('id') ?? ''
  const detail = useFetch<CompetitionDetailData>('/api/nop-wbp/paperTime/detail', { id }, { enabled: !!id })
  const standing = useFetch<Standing>(
    '/api/nep-wbp/paperTime/showPaperMessage',
    { timeId: id },
    { enabled: !!id && !!token, silent: true },
  )
  const c = detail.data
  if (detail.isError || !id)
    return (
      <div className={p.page}>
        <Text>{t('empty')}</Text>
        <Link className={p.link} to="/home/competition">
          {t('back')}
        </Link>
      </div>
    )
  if (!c) return <Loading style={{ marginTop: 80 }} />
  const mine = standing.data?.mine
  const here = `/home/competition-detail?id=${c.id}`
  let action
  if (!token)
    action = (
      <Button
        appearance="primary"
        size="large"
        data-testid="competition-sign-in"
        onClick={() => navigate(`/home/user-login?redirect=${encodeURIComponent(here)}`)}
      >
        {t('signIn')}
      </Button>
    )
  else if (mine && mine.state >= 2)
    action = (
      <>
        <MessageBar intent="success">
          <MessageBarBody>{t('submitted')}</MessageBarBody>
        </MessageBar>
        <Button
          appearance="primary"
          onClick={() => navigate(`/home/competition/student-competition-detail?sittingId=${mine.sittingId}`)}
        >
          {t('viewResult')}
        </Button>
      </>
    )
  else if (standing.data && !standing.data.isCandidate)
    action = (
      <MessageBar intent="warning">
        <MessageBarBody>{t('notCandidate')}</MessageBarBody>
      </MessageBar>
    )
  else if (c.phase === 'open')
    action = (
      <Button
        appearance="primary"
        size="large"
        data-testid="competition-enter"
        disabled={!standing.data}
        onClick={() => navigate(`/home/competition-test?timeId=${c.id}`)}
      >
        {mine ? t('resume') : t('enter')}
      </Button>
    )
  else
    action = (
      <MessageBar>
        <MessageBarBody>{t(c.phase === 'ended' ? 'ended' : 'notStarted')}</MessageBarBody>
      </MessageBar>
    )
  return (
    <div className={p.page}>
      <Link className={p.link} to={c.category === 2 ? '/home/competition/company-competition' : '/home/competition'}>
        {t('back')}
      </Link>
      {c.cover && <img className={s.hero} src={thumb(c.cover, 1280)} alt="" />}
      <div className={s.head}>
        <h1 className={p.h1} data-testid="competition-title">
          {c.title}
        </h1>
        <PhaseBadge phase={c.phase} />
        <Badge appearance="outline">{t(`category.${c.category}`)}</Badge>
      </div>
      <section className={p.panel}>
        <dl className={s.facts}>
          <dt>{t('windowLabel')}</dt>
          <dd>{t('window', { start: c.startTime, end: c.endTime })}</dd>
          <dt>{t('durationLabel')}</dt>
          <dd>{t('duration', { n: c.duration })}</dd>
          <dt>{t('questionsLabel')}</dt>
          <dd>{t('questions', { n: c.questionCount, s: c.totalScore })}</dd>
          <dt>{t('openTo')}</dt>
          <dd>{c.open ? t('openAll') : t('openListed')}</dd>
          <dt>{t('participantsLabel')}</dt>
          <dd data-testid="competition-participants">{c.participants ?? 0}</dd>
          <dt>{t('scoreRule')}</dt>
          <dd>{c.showScore ? t('scoreShown') : t('scoreHidden')}</dd>
        </dl>
      </section>
      <div className={s.actions}>
        {action}
        <Countdown c={c} />
      </div>
      <section className={p.panel}>
        <h2 className={p.h2}>{t('rules')}</h2>
        {c.content ? <Html className={p.rich} html={c.content} /> : <Text className={p.muted}>{t('noRules')}</Text>}
      </section>
    </div>
  )
}
