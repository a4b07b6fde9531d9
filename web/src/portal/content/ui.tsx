import { Card, CardFooter, CardHeader, CardPreview, Text, makeStyles, tokens } from '@fluentui/react-components'
import DOMPurify from 'dompurify'
import { marked } from 'marked'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { type CourseCard, thumb } from './types'
import './locale'

export const usePortalStyles = makeStyles({
  page: {
    maxWidth: '1200px',
    margin: '0 auto',
    padding: '32px 5vw 64px',
    display: 'grid',
    gap: tokens.spacingVerticalXL,
  },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  head: { display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  h1: { fontSize: '28px', fontWeight: tokens.fontWeightBold, margin: 0 },
  h2: { fontSize: '22px', fontWeight: tokens.fontWeightSemibold, margin: 0 },
  filters: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  muted: { color: tokens.colorNeutralForeground3 },
  rich: {
    lineHeight: 1.7,
    '& img': { maxWidth: '100%' },
    '& pre': {
      backgroundColor: tokens.colorNeutralBackground3,
      padding: '12px',
      overflowX: 'auto',
      borderRadius: '6px',
    },
  },
  panel: {
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    padding: '20px 24px',
  },
  link: { color: '#1B79C3', textDecoration: 'none', ':hover': { textDecoration: 'underline' } },
})

const useCard = makeStyles({
  card: { height: '100%' },
  img: { width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', backgroundColor: '#dde7f1' },
  title: {
    color: tokens.colorNeutralForeground1,
    textDecoration: 'none',
    fontWeight: tokens.fontWeightSemibold,
    fontSize: '16px',
  },
  intro: {
    color: tokens.colorNeutralForeground3,
    display: '-webkit-box',
    WebkitLineClamp: 2,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
  },
})

/** A course as a card: resized cover, title (the link), teacher, learner count. */
export function CourseTile({ c }: { c: CourseCard }) {
  const s = useCard()
  const { t } = useTranslation('learn')
  return (
    <Card className={s.card} data-testid="course-card">
      <CardPreview>
        {c.cover ? (
          <img className={s.img} src={thumb(c.cover)} alt="" loading="lazy" width={320} height={180} />
        ) : (
          <div className={s.img} />
        )}
      </CardPreview>
      <CardHeader
        header={
          <Link className={s.title} to={`/home/course-detail?id=${c.id}`}>
            {c.title}
          </Link>
        }
        description={
          <Text size={200} className={s.intro}>
            {c.intro}
          </Text>
        }
      />
      <CardFooter>
        <Text size={200}>
          {t('teacherIs', { name: c.teacherName || '—' })} · {t('learners', { count: c.learnerNum })}
        </Text>
      </CardFooter>
    </Card>
  )
}

/** Rich text the server already sanitised, sanitised once more before it reaches the DOM. */
export function Html({ html, className }: { html: string | null | undefined; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(html ?? '') }} />
}

/** Markdown rendered as HTML (sanitised). */
export function Markdown({ text, className }: { text: string | null | undefined; className?: string }) {
  return (
    <div
      className={className}
      data-testid="markdown"
      dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(marked.parse(text ?? '', { async: false }) as string) }}
    />
  )
}
