import { Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { DiagramElement } from './modeler-types'
import '../locale'

const useStyles = makeStyles({
  panel: {
    width: '260px',
    flexShrink: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    borderLeft: `1px solid ${tokens.colorNeutralStroke2}`,
    overflowY: 'auto',
  },
  hint: { color: tokens.colorNeutralForeground3 },
})

/** The Flowable attributes a user task carries (read by the engine through its moddle extension). */
const TASK_ATTRS = ['assignee', 'candidateUsers', 'candidateGroups', 'formKey'] as const

/**
 * The few properties a school needs to run what it draws: an element's name; a user task's assignee, candidates and
 * form; a flow's condition. Everything else stays in the XML as imported.
 */
export default function PropertiesPanel({
  element,
  onName,
  onAttr,
  onCondition,
}: {
  element: DiagramElement | null
  onName: (v: string) => void
  onAttr: (name: string, v: string) => void
  onCondition: (v: string) => void
}) {
  const s = useStyles()
  const { t } = useTranslation('workflow')
  if (!element)
    return (
      <aside className={s.panel} data-testid="properties-panel">
        <Text className={s.hint}>{t('modeler.selectHint')}</Text>
      </aside>
    )
  const bo = element.businessObject
  const type = bo.$type.replace(/^bpmn:/, '')
  return (
    <aside className={s.panel} data-testid="properties-panel" key={element.id}>
      <Text weight="semibold">{t(`modeler.types.${type}`, { defaultValue: type })}</Text>
      <Text className={s.hint}>{element.id}</Text>
      <Field label={t('modeler.name')}>
        <Input defaultValue={bo.name ?? ''} onChange={(_, d) => onName(d.value)} data-testid="prop-name" />
      </Field>
      {type === 'UserTask' &&
        TASK_ATTRS.map((a) => (
          <Field key={a} label={t(`modeler.${a}`)} hint={t(`modeler.${a}Hint`)}>
            <Input
              defaultValue={String(bo.get(`flowable:${a}`) ?? '')}
              onChange={(_, d) => onAttr(a, d.value)}
              data-testid={`prop-${a}`}
            />
          </Field>
        ))}
      {type === 'SequenceFlow' && (
        <Field label={t('modeler.condition')} hint={t('modeler.conditionHint')}>
          <Input
            defaultValue={bo.conditionExpression?.body ?? ''}
            onChange={(_, d) => onCondition(d.value)}
            data-testid="prop-condition"
          />
        </Field>
      )}
    </aside>
  )
}
