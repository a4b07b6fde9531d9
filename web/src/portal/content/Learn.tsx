import { Button, ProgressBar, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { ArrowLeftRegular, CheckmarkCircleFilled } from '@fluentui/react-icons'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { api } from '../../shared/api'
import { useFetch } from '../../shared/data'
import { usePortalStyles } from './ui'
import { Html, Markdown } from './rich'
import { WARE_ICON } from './CourseDetail'
import PdfView from './PdfView'
import type { CourseDetail, Outline, Ware } from './types'
import Loading from '../../shared/Loading'

const useStyles = makeStyles({
  root: {
    display: 'grid',
    gridTemplateColumns: '300px 1fr',
    minHeight: '100vh',
    '@media (max-width: 768px)': { gridTemplateColumns: '1fr', alignContent: 'start' },
  },
  side: {
    backgroundColor: '#10253f',
    color: '#dbe6f3',
    padding: '16px 0',
    overflowY: 'auto',
    maxHeight: '100vh',
    position: 'sticky',
    top: 0,
    // On a phone the outline sits above the content in a box of its own, so the video stays in view.
    '@media (max-width: 768px)': { position: 'static', maxHeight: '40vh' },
  },
  sideHead: { padding: '0 16px 12px', display: 'grid', gap: '8px' },
  sec: { padding: '10px 16px 4px', fontWeight: tokens.fontWeightSemibold, color: '#fff' },
  ware: {
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    width: '100%',
    padding: '8px 16px 8px 24px',
    background: 'none',
    border: 'none',
    color: 'inherit',
    textAlign: 'left',
    cursor: 'pointer',
    font: 'inherit',
    ':hover': { backgroundColor: 'rgba(255,255,255,.08)' },
  },
  active: { backgroundColor: 'rgba(64,158,255,.3)', color: '#fff' },
  main: {
    padding: '24px 4vw',
    display: 'grid',
    gap: tokens.spacingVerticalL,
    alignContent: 'start',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  video: { width: '100%', maxHeight: '70vh', backgroundColor: '#000', borderRadius: tokens.borderRadiusLarge },
  step: { display: 'grid', gap: tokens.spacingVerticalM },
})

/** Saves progress of one courseware (position: seconds or step; progress 0–100). Fire and forget; a failure is shown by the client. */
const save = (courseId: string, wareId: string, position: number, progress: number) =>
  api
    .post('/api/nep-wbp/courseStatistics/save', { courseId, wareId, position, progress }, undefined, { silent: true })
    .catch(() => {})

/** A video courseware: resumes at the saved second, saves every 10 s of playing, on pause and at the end. */
function VideoWare({ courseId, w, onProgress }: { courseId: string; w: Ware; onProgress: (p: number) => void }) {
  const s = useStyles()
  const { t } = useTranslation('learn')
  const ref = useRef<HTMLVideoElement>(null)
  const last = useRef(0)
  if (w.transcodingStatus === 2 || !w.playUrl)
    return <Text>{w.transcodingStatus === 0 ? t('transcodeFailed') : t('transcoding')}</Text>
  const report = (force = false) => {
    const v = ref.current
    if (!v || !v.duration) return
    if (!force && Math.abs(v.currentTime - last.current) < 10) return
    last.current = v.currentTime
    const p = v.ended ? 100 : Math.round((v.currentTime / v.duration) * 100)
    onProgress(p)
    void save(courseId, w.id, v.currentTime, p)
  }
  return (
    <video
      ref={ref}
      className={s.video}
      src={w.playUrl}
      controls
      preload="metadata"
      data-testid="learn-video"
      onLoadedMetadata={() => {
        if (ref.current && w.position && w.position < ref.current.duration - 1) {
          ref.current.currentTime = w.position
          last.current = w.position
        }
      }}
      onTimeUpdate={() => report()}
      onPause={() => report(true)}
      onEnded={() => report(true)}
    />
  )
}

/** Experiment steps one at a time; reaching a step saves it. */
function StepsWare({ courseId, w, onProgress }: { courseId: string; w: Ware; onProgress: (p: number) => void }) {
  const s = useStyles()
  const { t } = useTranslation('learn')
  const steps = w.steps ?? []
  const [i, setI] = useState(Math.min(Math.round(w.position ?? 0), Math.max(steps.length - 1, 0)))
  const go = (n: number) => {
    setI(n)
    const p = Math.round(((n + 1) / steps.length) * 100)
    onProgress(p)
    void save(courseId, w.id, n, p)
  }
  if (!steps.length) return <Text>{t('empty')}</Text>
  return (
    <div className={s.step} data-testid="learn-steps">
      <Text weight="semibold" size={500}>
        {i + 1}. {steps[i].title}
      </Text>
      <Html html={steps[i].content} />
      <div style={{ display: 'flex', gap: 8 }}>
        <Button disabled={i === 0} onClick={() => go(i - 1)}>
          {t('prevStep')}
        </Button>
        <Button
          appearance="primary"
          disabled={i === steps.length - 1}
          onClick={() => go(i + 1)}
          data-testid="next-step"
        >
          {t('nextStep')}
        </Button>
      </div>
    </div>
  )
}

/** The learn page (full page): sections and courseware at the side with progress, the chosen courseware in the middle; resumes where the learner was. */
export default function Learn() {
  const s = useStyles()
  const p = usePortalStyles()
  const { t } = useTranslation('learn')
  const navigate = useNavigate()
  const [params, setParams] = useSearchParams()
  const id = params.get('id') ?? ''
  const course = useFetch<CourseDetail>('/api/nop-wbp/course/detail', { id })
  const outline = useFetch<Outline>('/api/nep-wbp/course/getCourseSection', { id }, { staleTime: 0 })
  const wares = useMemo(() => outline.data?.sections.flatMap((x) => x.wares) ?? [], [outline.data])
  const [progress, setProgress] = useState<Record<string, number>>({})
  useEffect(() => setProgress(Object.fromEntries(wares.map((w) => [w.id, w.progress ?? 0]))), [wares])
  // Resume: the courseware in the URL, else the first one not finished.
  const current =
    wares.find((w) => w.id === params.get('ware')) ?? wares.find((w) => (w.progress ?? 0) < 100) ?? wares[0]
  const markRead = (w: Ware) => {
    if ((progress[w.id] ?? 0) < 100) {
      setProgress((x) => ({ ...x, [w.id]: 100 }))
      void save(id, w.id, 0, 100)
    }
  }
  useEffect(() => {
    if (current && current.type === 3) markRead(current)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per courseware opened, not per progress change
  }, [current?.id])
  const total = wares.length
    ? Math.round((wares.reduce((a, w) => a + ((progress[w.id] ?? 0) >= 90 ? 1 : 0), 0) / wares.length) * 100)
    : 0
  const onProgress = (w: Ware) => (n: number) => setProgress((x) => ({ ...x, [w.id]: Math.max(x[w.id] ?? 0, n) }))
  if (!outline.data || !course.data) return <Loading style={{ marginTop: '30vh' }} />
  if (!outline.data.enrolled)
    return (
      <div className={p.page}>
        <Text size={500}>{t('notEnrolled')}</Text>
        <div>
          <Button appearance="primary" onClick={() => navigate(`/home/course-detail?id=${id}`)}>
            {t('back')}
          </Button>
        </div>
      </div>
    )
  return (
    <div className={s.root}>
      <nav className={s.side} aria-label={t('sections')}>
        <div className={s.sideHead}>
          <Button
            appearance="transparent"
            icon={<ArrowLeftRegular />}
            style={{ color: '#dbe6f3', justifyContent: 'flex-start' }}
            onClick={() => navigate(`/home/course-detail?id=${id}`)}
          >
            {t('back')}
          </Button>
          <Text weight="semibold" size={400} style={{ color: '#fff' }}>
            {course.data.title}
          </Text>
          <ProgressBar value={total / 100} aria-label={t('progress', { p: total })} />
          <Text size={200} data-testid="course-progress">
            {t('progress', { p: total })}
          </Text>
        </div>
        {outline.data.sections.map((sec) => (
          <div key={sec.id}>
            <div className={s.sec}>{sec.title}</div>
            {sec.wares.map((w) => {
              const Icon = WARE_ICON[w.type]
              return (
                <button
                  key={w.id}
                  className={mergeClasses(s.ware, w.id === current?.id && s.active)}
                  aria-current={w.id === current?.id}
                  data-testid="learn-ware"
                  onClick={() =>
                    setParams((x) => {
                      const n = new URLSearchParams(x)
                      n.set('ware', w.id)
                      return n
                    })
                  }
                >
                  <Icon aria-hidden />
                  <span style={{ flex: 1 }}>{w.title}</span>
                  {(progress[w.id] ?? 0) >= 90 ? (
                    <CheckmarkCircleFilled color="#5ad17a" aria-label="✓" />
                  ) : (progress[w.id] ?? 0) > 0 ? (
                    <Text size={200}>{progress[w.id]}%</Text>
                  ) : null}
                </button>
              )
            })}
          </div>
        ))}
      </nav>
      <main className={s.main}>
        {current && (
          <>
            <h1 className={p.h2}>{current.title}</h1>
            {current.type === 2 && (
              <VideoWare key={current.id} courseId={id} w={current} onProgress={onProgress(current)} />
            )}
            {current.type === 1 &&
              (current.fileExt === 'pdf' && current.fileUrl ? (
                <PdfView
                  url={current.fileUrl}
                  onPage={(pg, n) => {
                    const pct = Math.round((pg / n) * 100)
                    onProgress(current)(pct)
                    void save(id, current.id, pg, pct)
                  }}
                />
              ) : current.fileUrl ? (
                <a className={p.link} href={current.fileUrl} download>
                  {t('download')}
                </a>
              ) : null)}
            {current.type === 3 && (
              <div className={p.panel}>
                <Markdown className={p.rich} text={current.content} />
              </div>
            )}
            {current.type === 4 && (
              <div className={p.panel}>
                <StepsWare key={current.id} courseId={id} w={current} onProgress={onProgress(current)} />
              </div>
            )}
          </>
        )}
      </main>
    </div>
  )
}
