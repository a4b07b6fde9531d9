import { Text } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router-dom'
import { useFetch } from '../../../shared/data'
import Loading from '../../../shared/Loading'
import { LEAVE, PROCESS, type Leave, type ProcessDetail } from '../api'
import FormFields from '../work/FormFields'
import ProcessView from '../work/ProcessView'
import TaskPanel from '../work/TaskPanel'
import { leaveViewFields } from './leave-fields'
import '../locale'

/**
 * A leave request being approved (spec §2 /work/process/leave/handle/:taskId/:processInstanceId/:businessId) or
 * read (/work/process/leave/detail/:processInstanceId/:businessId): the request, the task panel when handling,
 * the diagram and the history.
 */
export default function LeaveProcess({ handle }: { handle: boolean }) {
  const { t } = useTranslation('workflow')
  const { taskId, processInstanceId, businessId } = useParams()
  const leave = useFetch<Leave>(`${LEAVE}/detail`, { businessId }, { staleTime: 0 })
  const detail = useFetch<ProcessDetail>(
    `${PROCESS}/detail`,
    { processInstanceId, taskId: handle ? taskId : undefined },
    { staleTime: 0 },
  )
  if (leave.isLoading || detail.isLoading) return <Loading />
  if (!leave.data || !detail.data) return <Text>{t('process.notFound')}</Text>
  const task = handle ? detail.data.tasks.find((x) => x.taskId === taskId) : undefined
  return (
    <ProcessView
      title={t(handle ? 'leave.handleTitle' : 'leave.detailTitle')}
      detail={detail.data}
      business={<FormFields fields={leaveViewFields} values={leave.data as never} />}
      panel={task ? <TaskPanel detail={detail.data} task={task} /> : undefined}
    />
  )
}
