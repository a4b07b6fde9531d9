import { Button, MessageBar, MessageBarBody, Text, Tooltip, makeStyles, tokens } from '@fluentui/react-components'
import { ArrowClockwiseRegular, OpenRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useFetch } from '../../shared/data'
import Loading from '../../shared/Loading'
import './locale'

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    height: '100%',
    minHeight: 0,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
    overflow: 'hidden',
  },
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: '4px 8px',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    minHeight: '32px',
  },
  title: { flex: 1 },
  frame: { flex: 1, minHeight: 0, width: '100%', border: 'none', backgroundColor: '#fff' },
})

/**
 * The lab's web app (a notebook, VNC in the browser, any HTTP app), framed
 * from the appliance's authenticated proxy. The frame is sandboxed without
 * same-origin rights, as the proxy's own policy says: the learner's page can
 * never reach the appliance's storage or API.
 */
export default function LabWebApp({ labId }: { labId: string }) {
  const s = useStyles()
  const { t } = useTranslation('lab')
  const [round, setRound] = useState(0)
  const web = useFetch<{ url: string }>('/api/hm-experiment/experiment/webUrl', { id: labId }, { silent: true })
  if (web.isError)
    return (
      <MessageBar intent="error">
        <MessageBarBody data-testid="lab-web-error">{(web.error as Error).message}</MessageBarBody>
      </MessageBar>
    )
  if (!web.data) return <Loading label={t('page.webLoading')} />
  return (
    <div className={s.root}>
      <div className={s.bar}>
        <Text weight="semibold" className={s.title}>
          {t('page.web')}
        </Text>
        <Tooltip content={t('page.reload')} relationship="label">
          <Button
            appearance="subtle"
            icon={<ArrowClockwiseRegular />}
            onClick={() => setRound((n) => n + 1)}
            data-testid="lab-web-reload"
          />
        </Tooltip>
        <Button
          appearance="subtle"
          icon={<OpenRegular />}
          as="a"
          href={web.data.url}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="lab-web-tab"
        >
          {t('page.openInTab')}
        </Button>
      </div>
      <iframe
        key={round}
        className={s.frame}
        src={web.data.url}
        title={t('page.web')}
        sandbox="allow-scripts allow-forms allow-popups allow-modals allow-downloads allow-pointer-lock"
        data-testid="lab-web-frame"
      />
    </div>
  )
}
