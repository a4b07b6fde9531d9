import { Button } from '@fluentui/react-components'
import { ArrowUploadRegular, DeleteRegular, PauseRegular, PlayRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { write } from '../../../shared/data'
import { notify } from '../../../shared/notify'
import { usePermissions } from '../../../shared/permissions'
import ResourcePage from '../../../shared/resource/ResourcePage'
import type { ActionContext, ResourceScreen } from '../../../shared/resource/schema'
import { useSay } from '../../../shared/resource/text'
import { useConfirm } from '../../../shared/useConfirm'
import { L } from '../../system/fields'
import { DESIGN, FLOW, flowApi, PROCESS } from '../api'
import DeployDialog from './DeployDialog'
import { deploymentScreenFields } from '../design/deployment-fields'
import '../locale'

const BASE = `${FLOW}/manager`
const CODE = 'flow:manager'
const WRITES = { invalidates: [PROCESS, `${DESIGN}/deployment`] }

/**
 * The classic engine's deployed definitions (blade-flow/manager), one row per version: suspend or activate one
 * (change-state), remove it, or upload .bpmn files to deploy with a category — to other schools too when the
 * platform's administrator names them.
 */
export default function FlowManager() {
  const { t } = useTranslation('workflow')
  const say = useSay()
  const perms = usePermissions()
  const { confirm, dialog } = useConfirm()
  const [uploading, setUploading] = useState<ActionContext | null>(null)
  const screen: ResourceScreen = {
    base: BASE,
    perm: CODE,
    title: L('流程管理', 'Definitions'),
    invalidates: WRITES.invalidates,
    actions: { add: false, edit: false, delete: false, view: false, selection: false },
    fields: deploymentScreenFields(),
    toolbar: (ctx) =>
      perms.has(`${CODE}:upload`) && (
        <Button
          appearance="primary"
          icon={<ArrowUploadRegular />}
          onClick={() => setUploading(ctx)}
          data-testid="manager-upload"
        >
          {t('flow.upload')}
        </Button>
      ),
    rowActions: (row, ctx) => {
      const active = Number(row.status) !== 2
      return (
        <>
          {perms.has(`${CODE}:state`) && (
            <Button
              size="small"
              appearance="transparent"
              icon={active ? <PauseRegular /> : <PlayRegular />}
              data-testid="row-state"
              onClick={async () => {
                await write(
                  `${BASE}/change-state`,
                  { body: { processId: row.id, state: active ? 'suspend' : 'active' } },
                  WRITES,
                )
                notify.success(t('deployment.changed'))
                ctx.reload()
              }}
            >
              {t(active ? 'deployment.suspend' : 'deployment.activate')}
            </Button>
          )}
          {perms.has(`${CODE}:delete`) && (
            <Button
              size="small"
              appearance="transparent"
              icon={<DeleteRegular />}
              data-testid="row-delete"
              onClick={async () => {
                if (!(await confirm(say('confirmDelete')))) return
                await write(`${BASE}/delete-deployment`, { body: { deploymentIds: row.id } }, WRITES)
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
      {uploading && (
        <DeployDialog
          title={t('flow.upload')}
          files
          onClose={() => setUploading(null)}
          onDeploy={async ({ files, category, tenantIds }) => {
            await flowApi.upload(files, category, tenantIds)
            notify.success(t('model.deployed'))
            setUploading(null)
            uploading.reload()
          }}
        />
      )}
      {dialog}
    </>
  )
}
