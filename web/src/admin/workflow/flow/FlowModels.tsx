import { Button } from '@fluentui/react-components'
import { DesignIdeasRegular, RocketRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { notify } from '../../../shared/notify'
import { usePermissions } from '../../../shared/permissions'
import ResourcePage from '../../../shared/resource/ResourcePage'
import type { ActionContext, ResourceScreen, Row } from '../../../shared/resource/schema'
import { L } from '../../system/fields'
import { DESIGN, FLOW, flowApi } from '../api'
import DeployDialog from './DeployDialog'
import { modelScreenFields } from '../design/model-fields'
import '../locale'

const CODE = 'flow:model'

/**
 * The classic engine's models (blade-flow/model): the same models as Workflow design, edited here as records (a new
 * one starts from a blank diagram), drawn in the modeller, and deployed with a category — to other schools too when
 * the platform's administrator names them.
 */
export default function FlowModels() {
  const { t } = useTranslation('workflow')
  const perms = usePermissions()
  const navigate = useNavigate()
  const [deploying, setDeploying] = useState<{ row: Row; ctx: ActionContext } | null>(null)
  const screen: ResourceScreen = {
    base: `${FLOW}/model`,
    perm: CODE,
    title: L('模型管理', 'Models'),
    invalidates: [`${DESIGN}/model`],
    // Edit shows every field already: a separate view would only crowd the row's buttons.
    actions: { view: false },
    fields: modelScreenFields(),
    rowActions: (row, ctx) => (
      <>
        {perms.has('workflow:design:model:design') && (
          <Button
            size="small"
            appearance="transparent"
            icon={<DesignIdeasRegular />}
            onClick={() => navigate(`/workflow/design/process/${row.id}`)}
            data-testid="row-design"
          >
            {t('model.design')}
          </Button>
        )}
        {perms.has(`${CODE}:deploy`) && (
          <Button
            size="small"
            appearance="transparent"
            icon={<RocketRegular />}
            onClick={() => setDeploying({ row, ctx })}
            data-testid="row-deploy"
          >
            {t('flow.deploy')}
          </Button>
        )}
      </>
    ),
  }
  return (
    <>
      <ResourcePage screen={screen} />
      {deploying && (
        <DeployDialog
          title={t('flow.deployModel', { name: String(deploying.row.name) })}
          onClose={() => setDeploying(null)}
          onDeploy={async ({ category, tenantIds }) => {
            await flowApi.deployModel(String(deploying.row.id), {
              category: category || (deploying.row.categoryId as string | undefined) || undefined,
              tenantIds,
            })
            notify.success(t('model.deployed'))
            setDeploying(null)
            deploying.ctx.reload()
          }}
        />
      )}
    </>
  )
}
