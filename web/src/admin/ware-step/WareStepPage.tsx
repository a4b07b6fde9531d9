import { Body1, Dropdown, Field, Option, Title3, makeStyles, tokens } from '@fluentui/react-components'
import { useNavigate, useSearchParams } from 'react-router-dom'
import type { Page } from '../../shared/api'
import { registerLocale } from '../../shared/i18n'
import { useFetch } from '../../shared/data'
import { useTranslation } from 'react-i18next'
import { WareSteps } from '../content/Ware'

registerLocale('wareStep', {
  zh: {
    title: '课件步骤编辑',
    titleOf: '课件步骤编辑：{{name}}',
    pick: '选择一个实验步骤类课件，编辑它的步骤。',
    choose: '选择课件',
    none: '暂无实验步骤类课件，请先在课件管理中新增。',
  },
  en: {
    title: 'Courseware steps',
    titleOf: 'Courseware steps: {{name}}',
    pick: 'Choose an experiment-steps courseware to edit its steps.',
    choose: 'Choose the courseware',
    none: 'No experiment-steps courseware yet: add one under Courseware first.',
  },
})

/** Experiment steps: the courseware type that has steps. */
const STEPS = 4

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  picker: { maxWidth: '420px' },
})

interface WareChoice {
  id: string
  title: string
}

/**
 * /courseWare/step?id=: the courseware step editor as a page — the same editor the courseware list opens in a
 * dialog, for one experiment-steps courseware chosen here (or named by the chapter page's link).
 */
export default function WareStepPage() {
  const { t } = useTranslation('wareStep')
  const s = useStyles()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const id = params.get('id') ?? undefined
  const wares = useFetch<Page<WareChoice>>(
    '/api/hm-courseWare/courseWare/page',
    { type: STEPS, size: 200 },
    {
      silent: true,
    },
  )
  const rows = wares.data?.records ?? []
  const chosen = rows.find((w) => w.id === id)
  return (
    <div className={s.root} data-testid="ware-step-page">
      <Title3 as="h1">{chosen ? t('titleOf', { name: chosen.title }) : t('title')}</Title3>
      {!id && <Body1>{t('pick')}</Body1>}
      <div className={s.picker}>
        <Field label={t('choose')} hint={wares.isSuccess && !rows.length ? t('none') : undefined}>
          <Dropdown
            value={chosen?.title ?? ''}
            selectedOptions={id ? [id] : []}
            placeholder={t('choose')}
            onOptionSelect={(_, d) =>
              d.optionValue && navigate(`/courseWare/step?id=${encodeURIComponent(d.optionValue)}`)
            }
            data-testid="ware-picker"
          >
            {rows.map((w) => (
              <Option key={w.id} value={w.id}>
                {w.title}
              </Option>
            ))}
          </Dropdown>
        </Field>
      </div>
      {id && <WareSteps key={id} wareId={id} />}
    </div>
  )
}
