import { Card, Subtitle2, Text, makeStyles, tokens } from '@fluentui/react-components'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { wfFormThemeFields } from '../../../../../db/fields/workflow'
import { screenFields } from '../../../shared/resource/fields'
import ResourcePage from '../../../shared/resource/ResourcePage'
import type { Field, ResourceScreen, Row } from '../../../shared/resource/schema'
import { L } from '../../system/fields'
import { DESIGN } from '../api'
import FormFields from '../work/FormFields'
import type { FormTheme } from '../work/form-theme'
import '../locale'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL },
})

/**
 * Form themes (design/form/theme): how a filled form looks in the process detail. Clicking a theme shows a sample
 * form in it below the list, drawn by the same FormFields the process detail uses.
 */
export default function FormThemes() {
  const s = useStyles()
  const { t } = useTranslation('workflow')
  const [picked, setPicked] = useState<Row | undefined>()
  const sample: Field[] = [
    { name: 'name', label: { zh: t('theme.sampleName'), en: t('theme.sampleName') } },
    { name: 'days', label: { zh: t('theme.sampleDays'), en: t('theme.sampleDays') }, type: 'number' },
    { name: 'reason', label: { zh: t('theme.sampleReason'), en: t('theme.sampleReason') }, type: 'textarea' },
  ]
  const values = { name: t('theme.sampleNameValue'), days: 2, reason: t('theme.sampleReasonValue') }
  const screen: ResourceScreen = {
    base: `${DESIGN}/form/theme`,
    perm: 'workflow:design:form:theme',
    title: L('表单主题', 'Form themes'),
    fields: screenFields(wfFormThemeFields, {
      name: { search: true },
      themeKey: { search: true, width: 140 },
      labelWidth: { list: false },
      labelFontSize: { list: false },
      valueFontSize: { list: false },
      borderWidth: { list: false },
      remark: { list: false, span: 24 },
    }),
    onRowClick: setPicked,
  }
  return (
    <div className={s.root}>
      <ResourcePage screen={screen} />
      <Card className={s.card} data-testid="theme-preview">
        <Subtitle2>
          {t('theme.preview')}
          {picked ? `: ${String(picked.name ?? '')}` : ''}
        </Subtitle2>
        {picked ? (
          <FormFields fields={sample} values={values} theme={picked as FormTheme} />
        ) : (
          <Text>{t('theme.previewHint')}</Text>
        )}
      </Card>
    </div>
  )
}
