import { Text } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router-dom'
import { useFetch } from '../../../shared/data'
import Loading from '../../../shared/Loading'
import type { Field } from '../../../shared/resource/schema'
import NotFound from '../../pages/NotFound'
import { decodeParams, PROCESS, type ProcessDetail } from '../api'
import FormFields from './FormFields'
import ProcessView from './ProcessView'
import TaskPanel from './TaskPanel'
import '../locale'

/** Variables the engine keeps for itself (who started it, the last approval's verdict), not the form's. */
const ENGINE_VARIABLES = ['initiator', 'pass', 'flag']

/** Variables a form did not declare are shown by name (a process started without a form, or through the API). */
const asFields = (variables: Record<string, unknown>): Field[] =>
  Object.keys(variables)
    .filter((k) => !k.startsWith('_') && !ENGINE_VARIABLES.includes(k))
    .map((k) => ({ name: k, label: { zh: k, en: k } }))

/**
 * A process's detail (spec §2 /workflow/process/detail/:params, params = base64url {processInstanceId, taskId?}):
 * the instance's values, the task panel while the task is open, the diagram and the history.
 */
export default function ProcessDetailPage() {
  const { t } = useTranslation('workflow')
  const ids = decodeParams(useParams().params)
  const q = useFetch<ProcessDetail>(
    ids?.processInstanceId ? `${PROCESS}/detail` : undefined,
    { processInstanceId: ids?.processInstanceId, taskId: ids?.taskId },
    { staleTime: 0 },
  )
  if (!ids?.processInstanceId) return <NotFound />
  if (q.isLoading) return <Loading />
  if (!q.data) return <Text>{t('process.notFound')}</Text>
  const detail = q.data
  const variables = detail.variables ?? {}
  const task = ids.taskId ? detail.tasks.find((x) => x.taskId === ids.taskId) : undefined
  return (
    <ProcessView
      title={String(detail.process.processDefinitionName ?? '')}
      detail={detail}
      business={<FormFields fields={asFields(variables)} values={variables} />}
      panel={task ? <TaskPanel detail={detail} task={task} /> : undefined}
    />
  )
}
