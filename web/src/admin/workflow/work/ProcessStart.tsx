import { Button, Card, Spinner, Text, Title3, makeStyles, tokens } from '@fluentui/react-components'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router-dom'
import { ApiFailure } from '../../../shared/api'
import { useFetch } from '../../../shared/data'
import Loading from '../../../shared/Loading'
import { notify } from '../../../shared/notify'
import type { Row } from '../../../shared/resource/schema'
import { useSay } from '../../../shared/resource/text'
import { fieldProblem } from '../../../shared/resource/validate'
import NotFound from '../../pages/NotFound'
import { decodeParams, PROCESS, workflowApi, type Startable } from '../api'
import FormFields from './FormFields'
import { parseFormContent } from './form-content'
import '../locale'

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalL,
    maxWidth: '900px',
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
})

/**
 * Starting a process (spec §2 /workflow/process/start/:params, params = base64url {processDefinitionId}): the start
 * form bound by formKey, filled and sent as the instance's variables (process/startProcess).
 */
export default function ProcessStart() {
  const s = useStyles()
  const say = useSay()
  const { t } = useTranslation('workflow')
  const navigate = useNavigate()
  const ids = decodeParams(useParams().params)
  const id = ids?.processDefinitionId
  const q = useFetch<{ process: Startable; form?: { content?: string } | null }>(
    id ? `${PROCESS}/getFormByProcessId` : undefined,
    { processDefinitionId: id },
    { staleTime: 0 },
  )
  const [values, setValues] = useState<Row>({})
  const [errors, setErrors] = useState<Record<string, string | undefined>>({})
  const [busy, setBusy] = useState(false)
  if (!id) return <NotFound />
  if (q.isLoading) return <Loading />
  const fields = parseFormContent(q.data?.form?.content)

  const submit = async () => {
    const found = Object.fromEntries(fields.map((f) => [f.name, fieldProblem(f, values[f.name], say)]))
    setErrors(found)
    if (Object.values(found).some(Boolean)) return
    setBusy(true)
    try {
      await workflowApi.start({ processDefinitionId: id, variables: values })
      notify.success(t('process.started'))
      navigate('/work/send')
    } catch (e) {
      if (e instanceof ApiFailure && e.field) setErrors({ [e.field]: e.message })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card className={s.card}>
      <Title3>{t('process.startTitle', { name: q.data?.process?.name ?? '' })}</Title3>
      {fields.length ? (
        <FormFields
          fields={fields}
          values={values}
          errors={errors}
          onChange={(name, v) => {
            setValues((old) => ({ ...old, [name]: v }))
            // A field being corrected no longer shows the message of the last try.
            setErrors((old) => ({ ...old, [name]: undefined }))
          }}
        />
      ) : (
        <Text>{t('process.noForm')}</Text>
      )}
      <div className={s.actions}>
        <Button
          appearance="primary"
          disabled={busy}
          icon={busy ? <Spinner size="tiny" /> : undefined}
          onClick={() => void submit()}
          data-testid="process-start-submit"
        >
          {t('process.submit')}
        </Button>
      </div>
    </Card>
  )
}
