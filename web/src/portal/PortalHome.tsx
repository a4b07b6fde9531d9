import { Button, Card, CardHeader, Text, makeStyles, tokens } from '@fluentui/react-components'
import { BeakerRegular, BookOpenRegular, DeveloperBoardRegular, TrophyRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router-dom'
import { siteConfig } from '../shared/config'
import { useSession } from '../shared/session'
import './locale'

const useStyles = makeStyles({
  hero: {
    padding: '80px 5vw',
    color: '#fff',
    backgroundImage: 'linear-gradient(120deg, #0f3a5f 0%, #1B79C3 55%, #409EFF 100%)',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  heroTitle: {
    fontSize: 'clamp(28px, 4vw, 44px)',
    lineHeight: 1.2,
    fontWeight: tokens.fontWeightBold,
    maxWidth: '760px',
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))',
    gap: tokens.spacingHorizontalL,
    padding: '48px 5vw',
  },
  card: { minHeight: '160px' },
  soon: {
    margin: '48px 5vw',
    padding: '48px',
    textAlign: 'center',
    backgroundColor: tokens.colorNeutralBackground2,
    borderRadius: tokens.borderRadiusXLarge,
  },
})

const ICONS = {
  course: BookOpenRegular,
  'practice-course': BeakerRegular,
  competition: TrophyRegular,
  iot: DeveloperBoardRegular,
} as const

/**
 * The portal home. Portal sections whose pages arrive in later rounds show the
 * home page with a "coming soon" note for that section rather than a 404.
 */
export default function PortalHome() {
  const s = useStyles()
  const { t } = useTranslation('portal')
  const navigate = useNavigate()
  const { section } = useParams()
  const { token, roles } = useSession()
  const staff = token && !roles.every((r) => r === 'student')
  const sections = t('sections', { returnObjects: true }) as { key: keyof typeof ICONS; title: string; text: string }[]
  return (
    <>
      <section className={s.hero}>
        <div className={s.heroTitle}>{t('hero.title')}</div>
        <Text size={500} style={{ maxWidth: 720 }}>
          {t('hero.text')}
        </Text>
        <div className={s.actions}>
          <Button
            appearance="primary"
            size="large"
            onClick={() => navigate(token ? '/home/course' : '/home/user-login')}
          >
            {t('hero.start')}
          </Button>
          {staff && (
            <Button size="large" onClick={() => navigate(siteConfig.homePath)}>
              {t('hero.console')}
            </Button>
          )}
        </div>
      </section>
      {section && section !== 'index' && (
        <div className={s.soon} data-testid="coming-soon">
          <Text size={600} weight="semibold" block>
            {t(`nav.${section}`, { defaultValue: t('soonTitle') })}
          </Text>
          <Text>{t('soon')}</Text>
        </div>
      )}
      <section className={s.grid}>
        {sections.map((x) => {
          const Icon = ICONS[x.key]
          return (
            <Card key={x.key} className={s.card} onClick={() => navigate(`/home/${x.key}`)}>
              <CardHeader
                image={<Icon fontSize={32} color="#1B79C3" />}
                header={
                  <Text weight="semibold" size={500}>
                    {x.title}
                  </Text>
                }
              />
              <Text>{x.text}</Text>
            </Card>
          )
        })}
      </section>
    </>
  )
}
