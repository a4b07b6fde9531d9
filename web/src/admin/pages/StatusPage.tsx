import { Button, Text, makeStyles, tokens } from '@fluentui/react-components'
import { ArrowLeftRegular, HomeRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { landingPath, useSession } from '../../shared/session'
import './locale'

const useStyles = makeStyles({
  root: {
    minHeight: '70vh',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: tokens.spacingHorizontalXXL,
  },
  box: {
    display: 'flex',
    alignItems: 'center',
    gap: '48px',
    flexWrap: 'wrap',
    justifyContent: 'center',
    maxWidth: '880px',
  },
  code: {
    fontSize: '120px',
    lineHeight: '1',
    fontWeight: tokens.fontWeightBold,
    letterSpacing: '4px',
    backgroundImage: 'linear-gradient(135deg, #409EFF 0%, #1B79C3 100%)',
    backgroundClip: 'text',
    color: 'transparent',
  },
  text: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '420px' },
  hint: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, marginTop: tokens.spacingVerticalS },
})

/** The shared layout of /404, /403 and /500: the code, a friendly sentence and a way home. */
export default function StatusPage({ code, title, text }: { code: string; title: string; text: string }) {
  const { t } = useTranslation('pages')
  const s = useStyles()
  const navigate = useNavigate()
  const { token, roles } = useSession()
  const home = token ? landingPath(roles) : '/'
  return (
    <div className={s.root} data-testid={`status-${code}`}>
      <div className={s.box}>
        <div className={s.code} aria-hidden>
          {code}
        </div>
        <div className={s.text}>
          <Text as="h1" size={700} weight="semibold">
            {title}
          </Text>
          <Text className={s.hint} size={400}>
            {text}
          </Text>
          <div className={s.actions}>
            <Button appearance="primary" icon={<HomeRegular />} onClick={() => navigate(home)}>
              {t('system.home')}
            </Button>
            <Button icon={<ArrowLeftRegular />} onClick={() => navigate(-1)}>
              {t('system.back')}
            </Button>
          </div>
        </div>
      </div>
    </div>
  )
}
