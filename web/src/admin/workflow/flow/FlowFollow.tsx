import { Button } from '@fluentui/react-components'
import { DeleteRegular, DocumentSearchRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { write } from '../../../shared/data'
import { notify } from '../../../shared/notify'
import { usePermissions } from '../../../shared/permissions'
import ResourcePage from '../../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../../shared/resource/schema'
import { L } from '../../system/fields'
import { DESIGN, FLOW, handlePath, OPS, PROCESS, type WorkRow } from '../api'
import { INSTANCE_FIELDS } from '../ops/instance-fields'
import { useReason } from '../ops/useReason'
import '../locale'

const BASE = `${FLOW}/follow`
const CODE = 'flow:follow'

/**
 * Process tracking (blade-flow/follow): the school's running and suspended instances, newest first, searchable by name; each opens its
 * read-only detail with the diagram, and an administrator may delete one with a reason (kept in its history).
 */
export default function FlowFollow() {
  const { t } = useTranslation('workflow')
  const perms = usePermissions()
  const navigate = useNavigate()
  const { ask, dialog } = useReason()
  const screen: ResourceScreen = {
    base: BASE,
    perm: CODE,
    title: L('流程跟踪', 'Running processes'),
    // The server answers what has not ended (running or suspended); ended instances are under Workflow operations.
    actions: { add: false, edit: false, delete: false, view: false, selection: false },
    // Nothing listed has ended: the end column would say nothing, the status tells running from suspended.
    fields: INSTANCE_FIELDS.filter((f) => f.name !== 'endTime').map((f) =>
      f.name === 'name' || f.name === 'status'
        ? { ...f, search: true, ...(f.name === 'status' ? { options: f.options?.slice(0, 2) } : {}) }
        : f,
    ),
    rowActions: (row, ctx) => {
      const r = row as WorkRow & { name?: string }
      return (
        <>
          <Button
            size="small"
            appearance="transparent"
            icon={<DocumentSearchRegular />}
            onClick={() => navigate(handlePath(r, true))}
            data-testid="row-detail"
          >
            {t('work.detail')}
          </Button>
          {perms.has(`${CODE}:delete`) && (
            <Button
              size="small"
              appearance="transparent"
              icon={<DeleteRegular />}
              data-testid="row-delete-process"
              onClick={async () => {
                const reason = await ask(t('ops.deleteTitle', { name: r.name ?? '' }), false)
                if (reason === null) return
                await write(
                  `${BASE}/delete-process-instance`,
                  { body: { processInstanceId: r.processInstanceId, deleteReason: reason || undefined } },
                  { invalidates: [PROCESS, OPS, DESIGN] },
                )
                notify.success(t('ops.done'))
                ctx.reload()
              }}
            >
              {t('ops.delete')}
            </Button>
          )}
        </>
      )
    },
  }
  return (
    <>
      <ResourcePage screen={screen} />
      {dialog}
    </>
  )
}
