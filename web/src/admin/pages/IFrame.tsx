import { Button, MessageBar, MessageBarActions, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components'
import { OpenRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router-dom'
import { frameAddress } from './frame-address'
import './locale'

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    height: 'calc(100vh - 140px)',
    minHeight: '420px',
    gap: tokens.spacingVerticalS,
  },
  bar: { display: 'flex', justifyContent: 'flex-end' },
  frame: {
    flex: 1,
    width: '100%',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
})

/** /myiframe/:routerPath: a menu entry's web page, embedded. Only http(s) addresses are shown. */
export default function IFrame() {
  const { t } = useTranslation('pages')
  const s = useStyles()
  const navigate = useNavigate()
  const src = frameAddress(useParams().routerPath)
  if (!src) {
    return (
      <MessageBar intent="warning" data-testid="frame-invalid">
        <MessageBarBody>{t('frame.invalid')}</MessageBarBody>
        <MessageBarActions>
          <Button onClick={() => navigate('/wel/index')}>{t('frame.home')}</Button>
        </MessageBarActions>
      </MessageBar>
    )
  }
  return (
    <div className={s.root}>
      <div className={s.bar}>
        <Button
          size="small"
          appearance="subtle"
          icon={<OpenRegular />}
          as="a"
          href={src}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('frame.openNew')}
        </Button>
      </div>
      <iframe
        className={s.frame}
        src={src}
        title={src}
        data-testid="frame"
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-downloads"
      />
    </div>
  )
}
