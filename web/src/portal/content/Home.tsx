import { Button, Text, makeStyles, tokens } from '@fluentui/react-components'
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router-dom'
import type { Page } from '../../shared/api'
import { useFetch } from '../../shared/data'
import { CourseTile, usePortalStyles } from './ui'
import { type CourseCard, thumb } from './types'

interface Banner {
  id: string
  cover: string
  title: string
  subtitle: string | null
  href: string | null
  target: number
}
interface News {
  id: string
  title: string
  releaseTime: string
  summary: string | null
  category: number
}
interface Series {
  id: string
  title: string
  cover: string | null
  intro: string | null
}

const useStyles = makeStyles({
  carousel: {
    position: 'relative',
    height: 'clamp(220px, 36vw, 420px)',
    overflow: 'hidden',
    backgroundColor: '#0f3a5f',
  },
  slide: { position: 'absolute', inset: 0, transition: 'opacity 600ms', display: 'flex', alignItems: 'flex-end' },
  img: { position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' },
  caption: {
    position: 'relative',
    padding: '32px 5vw',
    color: '#fff',
    background: 'linear-gradient(0deg, rgba(0,0,0,.55), transparent)',
    width: '100%',
  },
  title: {
    fontSize: 'clamp(22px, 3.4vw, 38px)',
    fontWeight: tokens.fontWeightBold,
    color: '#fff',
    textDecoration: 'none',
  },
  arrow: { position: 'absolute', top: '50%', transform: 'translateY(-50%)', zIndex: 2 },
  dots: { position: 'absolute', bottom: '12px', right: '5vw', display: 'flex', gap: '6px', zIndex: 2 },
  dot: { width: '24px', height: '4px', border: 'none', padding: 0, cursor: 'pointer' },
  news: { display: 'grid', gap: tokens.spacingVerticalS },
  newsRow: {
    display: 'flex',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    padding: '8px 0',
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
  },
  series: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  seriesCard: {
    display: 'flex',
    gap: tokens.spacingHorizontalM,
    alignItems: 'center',
    padding: '12px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    textDecoration: 'none',
    color: 'inherit',
  },
  seriesImg: { width: '96px', height: '64px', objectFit: 'cover', borderRadius: '6px', flexShrink: 0 },
})

/** Banners of one position as a carousel (5 s per slide, arrows and dots, links open per the banner's mode). */
export function Carousel({ position }: { position: number }) {
  const s = useStyles()
  const { t } = useTranslation('learn')
  const banners = useFetch<Banner[]>('/api/nop-wbp/banner/getBannerByType', { position }, { silent: true })
  const [i, setI] = useState(0)
  const list = banners.data ?? []
  useEffect(() => {
    if (list.length < 2) return
    const timer = setInterval(() => setI((x) => (x + 1) % list.length), 5000)
    return () => clearInterval(timer)
  }, [list.length])
  if (!list.length) return null
  return (
    <section className={s.carousel} aria-roledescription="carousel" aria-label={t('banner')}>
      {list.map((b, n) => (
        <div
          key={b.id}
          className={s.slide}
          style={{ opacity: n === i % list.length ? 1 : 0, pointerEvents: n === i % list.length ? 'auto' : 'none' }}
          aria-hidden={n !== i % list.length}
        >
          <img className={s.img} src={thumb(b.cover, 1280)} alt="" />
          <div className={s.caption}>
            {b.href ? (
              <a
                className={s.title}
                href={b.href}
                target={b.target === 2 ? '_blank' : undefined}
                rel="noopener noreferrer"
                tabIndex={n === i % list.length ? 0 : -1}
              >
                {b.title}
              </a>
            ) : (
              <span className={s.title}>{b.title}</span>
            )}
            {b.subtitle && (
              <Text block size={400}>
                {b.subtitle}
              </Text>
            )}
          </div>
        </div>
      ))}
      {list.length > 1 && (
        <>
          <Button
            className={s.arrow}
            style={{ left: 12 }}
            shape="circular"
            icon={<ChevronLeftRegular />}
            aria-label="‹"
            onClick={() => setI((x) => (x - 1 + list.length) % list.length)}
          />
          <Button
            className={s.arrow}
            style={{ right: 12 }}
            shape="circular"
            icon={<ChevronRightRegular />}
            aria-label="›"
            onClick={() => setI((x) => (x + 1) % list.length)}
          />
          <div className={s.dots}>
            {list.map((b, n) => (
              <button
                key={b.id}
                className={s.dot}
                style={{ background: n === i % list.length ? '#fff' : 'rgba(255,255,255,.45)' }}
                aria-label={b.title}
                onClick={() => setI(n)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  )
}

/** The portal home: banners, hot courses, news and notices, series. */
export default function Home() {
  const p = usePortalStyles()
  const s = useStyles()
  const { t } = useTranslation('learn')
  const navigate = useNavigate()
  const hot = useFetch<CourseCard[]>('/api/nep-wbp/course/hotCourse', { number: 8 }, { silent: true })
  const news = useFetch<Page<News>>('/api/nop-wbp/blog/list', { size: 6 }, { silent: true })
  const series = useFetch<Page<Series>>('/api/nep-wbp/courseSeries/getCourseSeriesList', { size: 6 }, { silent: true })
  return (
    <>
      <Carousel position={1} />
      <div className={p.page}>
        <section>
          <div className={p.head}>
            <h2 className={p.h2}>{t('hot')}</h2>
            <Button appearance="transparent" onClick={() => navigate('/home/course')}>
              {t('more')}
            </Button>
          </div>
          <div className={p.grid} style={{ marginTop: 16 }}>
            {(hot.data ?? []).map((c) => (
              <CourseTile key={c.id} c={c} />
            ))}
          </div>
        </section>
        {(series.data?.records.length ?? 0) > 0 && (
          <section>
            <h2 className={p.h2}>{t('series')}</h2>
            <div className={s.series} style={{ marginTop: 16 }}>
              {series.data!.records.map((x) => (
                <Link
                  key={x.id}
                  to={`/home/series-detail?id=${x.id}`}
                  className={s.seriesCard}
                  data-testid="series-card"
                >
                  {x.cover && <img className={s.seriesImg} src={thumb(x.cover, 160)} alt="" />}
                  <Text weight="semibold">{x.title}</Text>
                </Link>
              ))}
            </div>
          </section>
        )}
        <section>
          <div className={p.head}>
            <h2 className={p.h2}>{t('news')}</h2>
            <Button appearance="transparent" onClick={() => navigate('/home/information')}>
              {t('more')}
            </Button>
          </div>
          <div className={s.news}>
            {(news.data?.records ?? []).map((n) => (
              <div key={n.id} className={s.newsRow}>
                <Link className={p.link} to={`/home/information-detail/${n.id}`}>
                  {n.title}
                </Link>
                <Text className={p.muted}>{n.releaseTime.slice(0, 10)}</Text>
              </div>
            ))}
          </div>
        </section>
      </div>
    </>
  )
}
