import { Badge, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { FlowStep } from '../api'
import '../locale'

/** What the list shows: the steps and operations, not the flows taken or the gateways passed (the diagram shows those). */
const shown = (f: FlowStep) => f.historyActivityType !== 'sequenceFlow' && !/Gateway$/.test(f.historyActivityType)

/** Who did what when (process/detail's history): each step with its actor, time, action and comment. */
export default function HistoryList({ steps }: { steps: FlowStep[] }) {
  const { t } = useTranslation('workflow')
  return (
    <Table size="small" data-testid="process-history">
      <TableHeader>
        <TableRow>
          <TableHeaderCell>{t('process.step')}</TableHeaderCell>
          <TableHeaderCell>{t('process.who')}</TableHeaderCell>
          <TableHeaderCell>{t('process.when')}</TableHeaderCell>
          <TableHeaderCell>{t('process.what')}</TableHeaderCell>
          <TableHeaderCell>{t('process.opinion')}</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {steps.filter(shown).map((f, i) => (
          <TableRow key={`${f.historyActivityId}-${i}`}>
            <TableCell>{f.historyActivityName || f.historyActivityId}</TableCell>
            <TableCell>{f.assigneeName || f.assignee || ''}</TableCell>
            <TableCell>{f.endTime || f.createTime || ''}</TableCell>
            <TableCell>
              {f.endTime ? (
                f.action ? (
                  t(`process.actions.${f.action}`, { defaultValue: f.action })
                ) : (
                  ''
                )
              ) : (
                <Badge appearance="tint" color="brand">
                  {t('process.current')}
                </Badge>
              )}
            </TableCell>
            <TableCell>{f.comment || ''}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
