import { Text, makeStyles, tokens } from '@fluentui/react-components'
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

// Drawn like a Fluent card with plain elements: Fluent's Card brings a focus-management layer
// (about 20 kB) that a tile whose only control is its title link does not need.
const useCard = makeStyles({
  card: {
    height: '100%',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    overflow: 'hidden',
    paddingBottom: tokens.spacingVerticalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
    ':hover': { boxShadow: tokens.shadow8 },
  },
  body: { display: 'grid', gap: tokens.spacingVerticalXS, padding: `0 ${tokens.spacingHorizontalM}` },
  footer: { marginTop: 'auto', padding: `0 ${tokens.spacingHorizontalM}` },
  img: { display: 'block', width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', backgroundColor: '#dde7f1' },
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
    <article className={s.card} data-testid="course-card">
      {c.cover ? (
        <img className={s.img} src={thumb(c.cover)} alt="" loading="lazy" width={320} height={180} />
      ) : (
        <div className={s.img} />
      )}
      <div className={s.body}>
        <Link className={s.title} to={`/home/course-detail?id=${c.id}`}>
          {c.title}
        </Link>
        <Text size={200} className={s.intro}>
          {c.intro}
        </Text>
      </div>
      <Text size={200} className={s.footer}>
        {t('teacherIs', { name: c.teacherName || '—' })} · {t('learners', { count: c.learnerNum })}
      </Text>
    </article>
  )
}
