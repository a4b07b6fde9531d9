import { Button } from '@fluentui/react-components'
import { DeleteRegular, PauseRegular, PlayRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { write } from '../../../shared/data'
import { notify } from '../../../shared/notify'
import { usePermissions } from '../../../shared/permissions'
import ResourcePage from '../../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../../shared/resource/schema'
import { useSay } from '../../../shared/resource/text'
import { useConfirm } from '../../../shared/useConfirm'
import { L } from '../../system/fields'
import { DESIGN, PROCESS } from '../api'
import { deploymentScreenFields } from './deployment-fields'
import '../locale'

const BASE = `${DESIGN}/deployment`

/**
 * Deployed definitions (design/deployment), one row per version: written only by deploying a model, so the list
 * offers no add or edit; a version can be suspended (no new starts) or activated again, and removed.
 */
export default function Deployments() {
  const { t } = useTranslation('workflow')
  const say = useSay()
  const perms = usePermissions()
  const { confirm, dialog } = useConfirm()
  const code = 'workflow:design:deployment'
  const screen: ResourceScreen = {
    base: BASE,
    perm: code,
    title: L('部署管理', 'Deployments'),
    invalidates: [PROCESS],
    actions: { add: false, edit: false, delete: false, view: false, selection: false },
    fields: deploymentScreenFields(),
    rowActions: (row, ctx) => {
      const active = Number(row.status) !== 2
      return (
        <>
          {perms.has(`${code}:status`) && (
            <Button
              size="small"
              appearance="transparent"
              icon={active ? <PauseRegular /> : <PlayRegular />}
              data-testid="row-status"
              onClick={async () => {
                await write(
                  `${BASE}/changeStatus`,
                  { body: { id: row.id, status: active ? 2 : 1 } },
                  { invalidates: [PROCESS] },
                )
                notify.success(t('deployment.changed'))
                ctx.reload()
              }}
            >
              {t(active ? 'deployment.suspend' : 'deployment.activate')}
            </Button>
          )}
          {perms.has(`${code}:delete`) && (
            <Button
              size="small"
              appearance="transparent"
              icon={<DeleteRegular />}
              data-testid="row-delete"
              onClick={async () => {
                if (!(await confirm(say('confirmDelete')))) return
                await write(`${BASE}/remove`, { body: { deploymentId: row.id } }, { invalidates: [PROCESS] })
                notify.success(say('deletedSuccessfully'))
                ctx.reload()
              }}
            >
              {say('delete')}
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
