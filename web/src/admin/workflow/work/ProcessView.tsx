import { Badge, Card, Subtitle2, Title3, makeStyles, tokens } from '@fluentui/react-components'
import { lazy, Suspense, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import Loading from '../../../shared/Loading'
import type { ProcessDetail } from '../api'
import FilledForms from './FilledForms'
import HistoryList from './HistoryList'
import '../locale'

// bpmn-js loads with the diagram, after the form is on screen.
const ProcessDiagram = lazy(() => import('../diagram/ProcessDiagram'))

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '1200px' },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL },
  legend: { display: 'flex', gap: tokens.spacingHorizontalS },
})

/**
 * One instance on one page: its business data, the forms filled at each node (and, when a task is being handled, the
 * task panel), the diagram with the chart rules' colours, and the history. The leave sample and the generic detail share it.
 */
export default function ProcessView({
  title,
  detail,
  business,
  panel,
}: {
  title: string
  detail: ProcessDetail
  business: ReactNode
  panel?: ReactNode
}) {
  const s = useStyles()
  const { t } = useTranslation('workflow')
  return (
    <div className={s.root}>
      <Title3>{title}</Title3>
      <Card className={s.card}>
        <Subtitle2>{t('process.business')}</Subtitle2>
        {business}
        <FilledForms processInstanceId={detail.process.processInstanceId} />
        {panel}
      </Card>
      {detail.xml && (
        <Card className={s.card}>
          <Subtitle2>{t('process.diagram')}</Subtitle2>
          <div className={s.legend}>
            <Badge color="success">{t('process.legendDone')}</Badge>
            <Badge color="brand">{t('process.legendCurrent')}</Badge>
            <Badge color="warning">{t('process.legendFlow')}</Badge>
          </div>
          <Suspense fallback={<Loading />}>
            <ProcessDiagram xml={detail.xml} flow={detail.flow} />
          </Suspense>
        </Card>
      )}
      <Card className={s.card}>
        <Subtitle2>{t('process.history')}</Subtitle2>
        <HistoryList steps={detail.history} />
      </Card>
    </div>
  )
}
