import {
  Badge,
  Button,
  Drawer,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  MessageBar,
  MessageBarBody,
  Spinner,
  Tab,
  TabList,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import {
  ArrowCounterclockwiseRegular,
  ArrowLeftRegular,
  DismissRegular,
  FolderOpenRegular,
  PlayRegular,
  TimerRegular,
} from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { api } from '../../shared/api'
import { useFetch } from '../../shared/data'
import { notify } from '../../shared/notify'
import { useSession } from '../../shared/session'
import { useConfirm } from '../../shared/useConfirm'
import LabFiles from './LabFiles'
import Markdown from './Markdown'
import LabTerminal from './Terminal'
import LabWebApp from './WebApp'
import { clock, useLab } from './useLab'
import './locale'

interface Detail {
  id: string
  title: string
  wareName: string | null
  durationMinutes: number
  service: string | null
  /** Signed link to the demo video, when the experiment has one. */
  videoUrl: string | null
}
interface Step {
  id: string
  title: string
  content: string | null
  sort: number
}

const useStyles = makeStyles({
  page: { height: '100vh', display: 'flex', flexDirection: 'column', backgroundColor: tokens.colorNeutralBackground2 },
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: '8px 16px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    flexWrap: 'wrap',
  },
  title: { flex: 1, minWidth: '200px' },
  timer: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, fontVariantNumeric: 'tabular-nums' },
  body: {
    flex: 1,
    minHeight: 0,
    display: 'grid',
    gridTemplateColumns: 'minmax(280px, 38%) 1fr',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingHorizontalM,
    '@media (max-width: 900px)': { gridTemplateColumns: '1fr', gridTemplateRows: '40% 60%' },
  },
  side: {
    minHeight: 0,
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
  },
  sideBody: {
    flex: 1,
    overflow: 'auto',
    padding: '0 20px 20px',
    lineHeight: 1.7,
    '& pre': {
      backgroundColor: tokens.colorNeutralBackground3,
      padding: '8px',
      borderRadius: '4px',
      overflowX: 'auto',
    },
    '& code': { fontFamily: 'Menlo, Consolas, monospace' },
  },
  video: { width: '100%', marginTop: '12px', backgroundColor: '#000', borderRadius: tokens.borderRadiusMedium },
  step: { padding: '12px 0', borderBottom: `1px solid ${tokens.colorNeutralStroke3}` },
  work: { minHeight: 0, display: 'flex', flexDirection: 'column' },
  center: {
    flex: 1,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    padding: '32px',
    textAlign: 'center',
  },
})

/**
 * /home/experiment?id=… — the full-page lab: the manual and steps beside the
 * learner's terminal, remaining time with extend, reset (after confirmation)
 * and the workspace's files. A reload finds the running lab and rejoins its shell.
 */
export default function ExperimentPage() {
  const s = useStyles()
  const { t } = useTranslation('lab')
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const id = params.get('id') ?? params.get('experimentId')
  const { token } = useSession()
  const [tab, setTab] = useState<'manual' | 'steps' | 'video'>('manual')
  const [files, setFiles] = useState(false)
  // A web lab shows its app; its terminal is one click away.
  const [view, setView] = useState<'web' | 'terminal'>('web')
  const { confirm, dialog } = useConfirm()
  const detail = useFetch<Detail>(
    '/api/nop-wbp/experiment/detail',
    { id: id ?? undefined },
    { enabled: !!id, silent: true },
  )
  const steps = useFetch<Step[]>(
    '/api/hm-experimentStep/experimentStep/getSteps',
    { experimentId: id ?? undefined },
    { enabled: !!id && !!token, silent: true },
  )
  const { phase, left, open, extend, reset, ended } = useLab(id, !!id && !!token)

  const signUpAndOpen = async () => {
    await api.post('/api/nep-wbp/experimentUser/signUp', { experimentId: id })
    notify.success(t('page.signedUp'))
    await open()
  }
  const doReset = async () => {
    if (!(await confirm(t('page.resetConfirm')))) return
    await reset()
    notify.success(t('page.resetDone'))
  }

  const exp = detail.data
  const lab = phase.kind === 'running' ? phase.lab : null
  const back = (
    <Button appearance="subtle" icon={<ArrowLeftRegular />} onClick={() => navigate('/home/practice-course')}>
      {t('page.back')}
    </Button>
  )

  if (!id || detail.isError)
    return (
      <div className={s.page}>
        <div className={s.header}>{back}</div>
        <div className={s.center}>
          <Text size={500}>{t('page.notFound')}</Text>
        </div>
      </div>
    )

  const work = () => {
    if (!token)
      return (
        <div className={s.center}>
          <Text size={500}>{t('page.signInFirst')}</Text>
          <Button
            appearance="primary"
            onClick={() => navigate(`/home/user-login?redirect=${encodeURIComponent(`/home/experiment?id=${id}`)}`)}
          >
            {t('page.signIn')}
          </Button>
        </div>
      )
    switch (phase.kind) {
      case 'loading':
      case 'opening':
        return (
          <div className={s.center}>
            <Spinner label={phase.kind === 'opening' ? t('page.opening') : undefined} />
          </div>
        )
      case 'running':
        if (phase.lab.service === 'web' && view === 'web') return <LabWebApp labId={phase.lab.id} />
        return (
          <LabTerminal
            key={`${phase.lab.id}:${phase.lab.containerId}`}
            labId={phase.lab.id}
            onEnded={(reason) => {
              if (reason === 'lab-ended' || reason === 'not-running' || reason === 'workspace-full') ended()
            }}
          />
        )
      case 'queued':
        return (
          <div className={s.center} data-testid="lab-queued">
            <Badge appearance="tint" color="warning" size="large">
              {t('page.queued')}
            </Badge>
            <Text size={400}>{phase.message}</Text>
            <Text>{t('page.retryIn', { s: phase.retryIn })}</Text>
          </div>
        )
      case 'engineDown':
        return (
          <div className={s.center}>
            <MessageBar intent="warning">
              <MessageBarBody data-testid="lab-engine-down">{t('page.engineDown')}</MessageBarBody>
            </MessageBar>
          </div>
        )
      case 'failed':
        return (
          <div className={s.center}>
            <MessageBar intent="error">
              <MessageBarBody data-testid="lab-error">{phase.message}</MessageBarBody>
            </MessageBar>
            {phase.code === 403 ? (
              <Button appearance="primary" onClick={() => void signUpAndOpen()}>
                {t('page.signUp')}
              </Button>
            ) : (
              <Button onClick={() => void open()}>{t('page.reopen')}</Button>
            )}
          </div>
        )
      default:
        return (
          <div className={s.center}>
            {phase.kind === 'expired' && (
              <MessageBar intent="info">
                <MessageBarBody data-testid="lab-expired">{t('page.expired')}</MessageBarBody>
              </MessageBar>
            )}
            <Button
              appearance="primary"
              size="large"
              icon={<PlayRegular />}
              onClick={() => void open()}
              data-testid="lab-open"
            >
              {phase.kind === 'expired' ? t('page.reopen') : t('page.open')}
            </Button>
          </div>
        )
    }
  }

  return (
    <div className={s.page}>
      <div className={s.header}>
        {back}
        <Text size={500} weight="semibold" className={s.title} truncate wrap={false}>
          {exp?.title ?? ''}
        </Text>
        {lab && (
          <>
            <span className={s.timer} title={t('page.remaining')}>
              <TimerRegular />
              <Text
                weight="semibold"
                data-testid="lab-remaining"
                style={{ color: left < 300 ? tokens.colorPaletteRedForeground1 : undefined }}
              >
                {clock(left)}
              </Text>
              <Text size={200}>{t('page.renewals', { n: lab.renewals, max: lab.maxRenewals })}</Text>
            </span>
            <Button
              disabled={lab.renewals >= lab.maxRenewals}
              onClick={async () => {
                await extend(lab)
                notify.success(t('page.extended'))
              }}
              data-testid="lab-extend"
            >
              {t('page.extend')}
            </Button>
            {lab.service === 'web' && (
              <TabList
                selectedValue={view}
                onTabSelect={(_, d) => setView(d.value as 'web' | 'terminal')}
                size="small"
                data-testid="lab-view"
              >
                <Tab value="web">{t('page.web')}</Tab>
                <Tab value="terminal">{t('page.terminal')}</Tab>
              </TabList>
            )}
            <Button icon={<FolderOpenRegular />} onClick={() => setFiles(true)} data-testid="lab-files-open">
              {t('page.files')}
            </Button>
            <Button icon={<ArrowCounterclockwiseRegular />} onClick={() => void doReset()} data-testid="lab-reset">
              {t('page.reset')}
            </Button>
          </>
        )}
      </div>
      <div className={s.body}>
        <section className={s.side} aria-label={t('page.manual')}>
          <TabList
            selectedValue={tab}
            onTabSelect={(_, d) => setTab(d.value as 'manual' | 'steps' | 'video')}
            style={{ padding: '4px 8px' }}
          >
            <Tab value="manual">{t('page.manual')}</Tab>
            <Tab value="steps">
              {t('page.steps')}
              {steps.data?.length ? ` (${steps.data.length})` : ''}
            </Tab>
            {exp?.videoUrl && (
              <Tab value="video" data-testid="lab-video-tab">
                {t('page.video')}
              </Tab>
            )}
          </TabList>
          <div className={s.sideBody}>
            {tab === 'video' && exp?.videoUrl ? (
              <video className={s.video} src={exp.videoUrl} controls preload="metadata" data-testid="lab-video" />
            ) : tab === 'manual' ? (
              exp?.wareName ? (
                <Markdown text={exp.wareName} />
              ) : (
                <Text block style={{ marginTop: 16 }}>
                  {t('page.noManual')}
                </Text>
              )
            ) : (
              (steps.data ?? []).map((st, i) => (
                <div key={st.id} className={s.step}>
                  <Text weight="semibold">
                    {i + 1}. {st.title}
                  </Text>
                  {st.content && <Markdown text={st.content} />}
                </div>
              ))
            )}
          </div>
        </section>
        <section className={s.work} aria-label={t('page.terminal')}>
          {work()}
        </section>
      </div>
      {lab && id && (
        <Drawer position="end" open={files} onOpenChange={(_, d) => setFiles(d.open)} size="medium">
          <DrawerHeader>
            <DrawerHeaderTitle
              action={
                <Button
                  appearance="subtle"
                  icon={<DismissRegular />}
                  aria-label={t('running.close')}
                  onClick={() => setFiles(false)}
                />
              }
            >
              {t('files.title')}
            </DrawerHeaderTitle>
          </DrawerHeader>
          <DrawerBody>{files && <LabFiles experimentId={id} labId={lab.id} />}</DrawerBody>
        </Drawer>
      )}
      {dialog}
    </div>
  )
}
