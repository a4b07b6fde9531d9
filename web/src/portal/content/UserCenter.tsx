import {
  Badge,
  Button,
  Field,
  Input,
  ProgressBar,
  Tab,
  TabList,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import md5 from 'md5'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { api, type Page } from '../../shared/api'
import { emailProblem, phoneProblem } from '../../shared/contact-problems'
import { invalidate, useFetch, write } from '../../shared/data'
import { notify } from '../../shared/notify'
import { usePortalStyles } from './ui'
import { type CourseCard, thumb } from './types'
import Loading from '../../shared/Loading'
import MyOrders from '../pay/MyOrders'
import '../pay/locale'

const useStyles = makeStyles({
  course: {
    display: 'grid',
    gridTemplateColumns: '160px 1fr auto',
    gap: tokens.spacingHorizontalL,
    alignItems: 'center',
    padding: '12px 0',
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
    '@media (max-width: 600px)': { gridTemplateColumns: '1fr' },
  },
  img: { width: '160px', height: '90px', objectFit: 'cover', borderRadius: '6px', backgroundColor: '#dde7f1' },
  form: { display: 'grid', gap: tokens.spacingVerticalM, maxWidth: '420px' },
  // A grid cell stretches its child: the enrolment state stays a badge, not a bar across the row.
  state: { justifySelf: 'start' },
})

function MyCourses() {
  const s = useStyles()
  const p = usePortalStyles()
  const { t } = useTranslation('learn')
  const navigate = useNavigate()
  const list = useFetch<Page<CourseCard & { enrolStatus: number; progress: number }>>(
    '/api/nep-wbp/courseUser/showMyCourse',
    { size: 50 },
    { staleTime: 0 },
  )
  if (!list.data) return <Loading />
  if (!list.data.records.length) return <Text className={p.muted}>{t('empty')}</Text>
  return (
    <>
      {list.data.records.map((c) => (
        <div key={c.id} className={s.course} data-testid="my-course">
          {c.cover ? <img className={s.img} src={thumb(c.cover, 320)} alt="" /> : <div className={s.img} />}
          <div style={{ display: 'grid', gap: 6 }}>
            <Link className={p.link} to={`/home/course-detail?id=${c.id}`} style={{ fontWeight: 600 }}>
              {c.title}
            </Link>
            {c.enrolStatus === 1 ? (
              <>
                <ProgressBar value={c.progress / 100} aria-label={t('progress', { p: c.progress })} />
                <Text size={200}>{t('progress', { p: c.progress })}</Text>
              </>
            ) : (
              <Badge className={s.state} appearance="tint" color={c.enrolStatus === 0 ? 'warning' : 'danger'}>
                {c.enrolStatus === 0 ? t('pending') : t('rejected')}
              </Badge>
            )}
          </div>
          {c.enrolStatus === 1 && (
            <Button appearance="primary" onClick={() => navigate(`/home/course/learn?id=${c.id}`)}>
              {c.progress ? t('continue') : t('learn')}
            </Button>
          )}
        </div>
      ))}
    </>
  )
}

function MyCards() {
  const s = useStyles()
  const p = usePortalStyles()
  const { t } = useTranslation('learn')
  const [number, setNumber] = useState('')
  const [checked, setChecked] = useState<string | null>(null)
  const used = useFetch<
    Page<{ id: string; cardNumber: string; courseId: string; courseName: string; useTime: string }>
  >('/api/nep-wbp/courseCard/getUseList', { size: 50 }, { staleTime: 0 })
  const check = async () => {
    const r = await api.get<{ courseName: string }>('/api/nep-wbp/courseCard/checkCard', { cardNumber: number })
    setChecked(r.courseName)
  }
  const redeem = async () => {
    // useCard is a GET in the spec; the reads it changes are refreshed by hand.
    await api.get('/api/nep-wbp/courseCard/useCard', { cardNumber: number })
    await invalidate('/api/nep-wbp/courseCard', '/api/nep-wbp/courseUser', '/api/nop-wbp/course')
    notify.success(t('enrolled'))
    setNumber('')
    setChecked(null)
  }
  return (
    <div style={{ display: 'grid', gap: 16 }}>
      <div className={s.form}>
        <Field label={t('cardNumber')}>
          <Input
            value={number}
            onChange={(_, d) => {
              setNumber(d.value)
              setChecked(null)
            }}
            placeholder="XXXX-XXXX-XXXX-XXXX"
            data-testid="card-number"
          />
        </Field>
        {checked && <Text data-testid="card-course">{t('cardFor', { course: checked })}</Text>}
        <div style={{ display: 'flex', gap: 8 }}>
          <Button disabled={!number.trim()} onClick={() => void check()} data-testid="card-check">
            {t('check')}
          </Button>
          <Button
            appearance="primary"
            disabled={!number.trim()}
            onClick={() => void redeem()}
            data-testid="card-redeem"
          >
            {t('redeem')}
          </Button>
        </div>
      </div>
      {(used.data?.records ?? []).map((c) => (
        <div key={c.id} className={p.panel} data-testid="used-card">
          <Text weight="semibold">{c.cardNumber}</Text> ·{' '}
          <Link className={p.link} to={`/home/course-detail?id=${c.courseId}`}>
            {c.courseName}
          </Link>{' '}
          ·{' '}
          <Text size={200}>
            {t('usedAt')} {c.useTime}
          </Text>
        </div>
      ))}
    </div>
  )
}

function Profile() {
  const s = useStyles()
  const { t } = useTranslation('learn')
  // The user-info shape names it real_name (as sign-in answers it); update-info takes realName.
  const info = useFetch<{ real_name: string | null; phone: string | null; email: string | null }>(
    '/api/blade-system/user/info',
    undefined,
    {
      staleTime: 0,
    },
  )
  const [v, setV] = useState({ realName: '', phone: '', email: '' })
  // The form shows once the stored values are in it: saved any earlier, its empty fields would wipe them.
  const [loaded, setLoaded] = useState(false)
  useEffect(() => {
    if (!info.data) return
    setV({ realName: info.data.real_name ?? '', phone: info.data.phone ?? '', email: info.data.email ?? '' })
    setLoaded(true)
  }, [info.data])
  const [pw, setPw] = useState({ oldPassword: '', newPassword: '', newPassword1: '' })
  const [err, setErr] = useState<Record<string, string>>({})
  const saveInfo = async () => {
    const e: Record<string, string> = {}
    const phone = phoneProblem(v.phone),
      email = emailProblem(v.email)
    // The shared rules; the phone in the portal's own words (learn locale), the e-mail in the common one.
    if (phone) e.phone = t(phone)
    if (email) e.email = t(`common:${email}`)
    setErr(e)
    if (Object.keys(e).length) return
    await write('/api/blade-system/user/update-info', { body: v }, { invalidates: ['/api/blade-system/user'] })
    notify.success(t('save'))
  }
  const savePw = async () => {
    const e: Record<string, string> = {}
    for (const k of ['oldPassword', 'newPassword', 'newPassword1'] as const) if (!pw[k]) e[k] = t('required')
    if (!e.newPassword1 && pw.newPassword !== pw.newPassword1) e.newPassword1 = t('mismatch')
    setErr(e)
    if (Object.keys(e).length) return
    await write('/api/blade-system/user/update-password', {
      body: { oldPassword: md5(pw.oldPassword), newPassword: md5(pw.newPassword), newPassword1: md5(pw.newPassword1) },
    })
    notify.success(t('save'))
    setPw({ oldPassword: '', newPassword: '', newPassword1: '' })
  }
  return (
    <div style={{ display: 'grid', gap: 32, gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))' }}>
      <div className={s.form}>
        <Text weight="semibold">{t('profile')}</Text>
        {loaded ? (
          <>
            <Field label={t('realName')}>
              <Input
                value={v.realName}
                onChange={(_, d) => setV({ ...v, realName: d.value })}
                data-testid="profile-real-name"
              />
            </Field>
            <Field label={t('phone')} required validationMessage={err.phone}>
              <Input value={v.phone} onChange={(_, d) => setV({ ...v, phone: d.value })} data-testid="profile-phone" />
            </Field>
            <Field label={t('email')} validationMessage={err.email}>
              <Input value={v.email} onChange={(_, d) => setV({ ...v, email: d.value })} data-testid="profile-email" />
            </Field>
            <div>
              <Button appearance="primary" onClick={() => void saveInfo()} data-testid="profile-save">
                {t('save')}
              </Button>
            </div>
          </>
        ) : (
          <Loading />
        )}
      </div>
      <div className={s.form}>
        <Text weight="semibold">{t('changePassword')}</Text>
        {(['oldPassword', 'newPassword', 'newPassword1'] as const).map((k) => (
          <Field key={k} label={t(k)} validationMessage={err[k]}>
            <Input type="password" value={pw[k]} onChange={(_, d) => setPw({ ...pw, [k]: d.value })} />
          </Field>
        ))}
        <div>
          <Button appearance="primary" onClick={() => void savePw()}>
            {t('save')}
          </Button>
        </div>
      </div>
    </div>
  )
}

function Messages() {
  const p = usePortalStyles()
  const { t } = useTranslation('learn')
  const list = useFetch<Page<{ id: string; title: string; content: string; createTime: string; isRead: number }>>(
    '/api/blade-message/message/my/list',
    { size: 20 },
    { staleTime: 0 },
  )
  if (!list.data) return <Loading />
  if (!list.data.records.length) return <Text className={p.muted}>{t('empty')}</Text>
  return (
    <>
      {list.data.records.map((m) => (
        <div key={m.id} className={p.panel} style={{ marginBottom: 8 }}>
          <Text weight={m.isRead === 1 ? 'bold' : 'regular'} block>
            {m.title}
          </Text>
          <Text size={200} className={p.muted}>
            {m.createTime}
          </Text>
          <Text block>{m.content}</Text>
        </div>
      ))}
    </>
  )
}

/** The learner's centre: my courses with progress, my cards (redeem), my orders, profile and password, messages. */
export default function UserCenter() {
  const p = usePortalStyles()
  const { t } = useTranslation('learn')
  const [params, setParams] = useSearchParams()
  const tab = params.get('tab') ?? 'courses'
  return (
    <div className={p.page}>
      <h1 className={p.h1}>{t('portal:userCenter')}</h1>
      <TabList selectedValue={tab} onTabSelect={(_, d) => setParams({ tab: String(d.value) })}>
        <Tab value="courses">{t('myCourses')}</Tab>
        <Tab value="cards" data-testid="tab-cards">
          {t('myCards')}
        </Tab>
        <Tab value="orders" data-testid="tab-orders">
          {t('pay:orders')}
        </Tab>
        <Tab value="profile">{t('profile')}</Tab>
        <Tab value="messages">{t('messages')}</Tab>
      </TabList>
      <div className={p.panel}>
        {tab === 'courses' && <MyCourses />}
        {tab === 'cards' && <MyCards />}
        {tab === 'orders' && <MyOrders />}
        {tab === 'profile' && <Profile />}
        {tab === 'messages' && <Messages />}
      </div>
    </div>
  )
}
