import {
  Badge,
  Button,
  Card,
  CardFooter,
  CardHeader,
  CardPreview,
  Input,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { BeakerRegular, ClockRegular, SearchRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import type { Page } from '../../shared/api'
import { api } from '../../shared/api'
import { useFetch } from '../../shared/data'
import Pager from '../../shared/Pager'
import { notify } from '../../shared/notify'
import { useSession } from '../../shared/session'
import './locale'

interface Experiment {
  id: string
  title: string
  cover: string | null
  durationMinutes: number
  enrolled?: boolean
}

const useStyles = makeStyles({
  head: { padding: '40px 5vw 8px', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  search: { maxWidth: '360px', marginTop: tokens.spacingVerticalM },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
    gap: tokens.spacingHorizontalL,
    padding: '24px 5vw',
  },
  cover: {
    height: '140px',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    background: 'linear-gradient(135deg, #0f3a5f, #1B79C3)',
    color: '#fff',
    overflow: 'hidden',
  },
  img: { width: '100%', height: '100%', objectFit: 'cover' },
  meta: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    color: tokens.colorNeutralForeground3,
  },
  pager: { padding: '0 5vw 40px' },
  empty: { padding: '64px 5vw', textAlign: 'center' },
})

/**
 * /home/practice-course — the hands-on labs: guests see the public list
 * (nop-wbp), signed-in learners their tenant's experiments with their
 * enrolment, sign up in place and enter the lab.
 */
export default function PracticeCourses() {
  const s = useStyles()
  const { t } = useTranslation('lab')
  const navigate = useNavigate()
  const { token } = useSession()
  const [title, setTitle] = useState('')
  const [paging, setPaging] = useState({ current: 1, size: 12 })
  const url = token ? '/api/hm-experiment/experiment/getExperimentPage' : '/api/nop-wbp/experiment/list'
  const { data, isLoading, refetch } = useFetch<Page<Experiment>>(url, { ...paging, title: title || undefined })

  const enter = (e: Experiment) => navigate(`/home/experiment?id=${e.id}`)
  const signUp = async (e: Experiment) => {
    await api.post('/api/nep-wbp/experimentUser/signUp', { experimentId: e.id })
    notify.success(t('page.signedUp'))
    await refetch()
  }

  return (
    <>
      <section className={s.head}>
        <Text size={800} weight="bold">
          {t('list.title')}
        </Text>
        <Text>{t('list.intro')}</Text>
        <Input
          className={s.search}
          contentBefore={<SearchRegular />}
          placeholder={t('list.search')}
          value={title}
          onChange={(_, d) => {
            setTitle(d.value)
            setPaging((p) => ({ ...p, current: 1 }))
          }}
        />
      </section>
      {isLoading ? (
        <Spinner style={{ margin: 48 }} />
      ) : !data?.records.length ? (
        <div className={s.empty}>
          <Text>{t('list.empty')}</Text>
        </div>
      ) : (
        <section className={s.grid} data-testid="lab-list">
          {data.records.map((e) => (
            <Card key={e.id} data-testid="lab-card">
              <CardPreview className={s.cover}>
                {e.cover ? (
                  <img className={s.img} src={e.cover.split(',')[0]} alt="" />
                ) : (
                  <BeakerRegular fontSize={56} />
                )}
              </CardPreview>
              <CardHeader
                header={
                  <Text weight="semibold" size={400}>
                    {e.title}
                  </Text>
                }
                description={
                  <span className={s.meta}>
                    <ClockRegular />
                    {t('list.minutes', { n: e.durationMinutes })}
                    {e.enrolled && (
                      <Badge appearance="tint" color="success">
                        {t('list.enrolled')}
                      </Badge>
                    )}
                  </span>
                }
              />
              <CardFooter>
                {!token ? (
                  <Button
                    onClick={() =>
                      navigate(`/home/user-login?redirect=${encodeURIComponent(`/home/experiment?id=${e.id}`)}`)
                    }
                  >
                    {t('list.signInToStart')}
                  </Button>
                ) : e.enrolled ? (
                  <Button appearance="primary" onClick={() => enter(e)} data-testid="lab-enter">
                    {t('list.enter')}
                  </Button>
                ) : (
                  <>
                    <Button appearance="primary" onClick={() => void signUp(e)}>
                      {t('list.signUp')}
                    </Button>
                    <Button onClick={() => enter(e)}>{t('list.enter')}</Button>
                  </>
                )}
              </CardFooter>
            </Card>
          ))}
        </section>
      )}
      {!!data?.total && (
        <div className={s.pager}>
          <Pager
            current={paging.current}
            size={paging.size}
            total={data.total}
            sizes={[12, 24, 48]}
            onChange={(current, size) => setPaging({ current, size })}
          />
        </div>
      )}
    </>
  )
}
