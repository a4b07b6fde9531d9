import { Button } from '@fluentui/react-components'
import { AddRegular, DesignIdeasRegular, HistoryRegular, RocketRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { notify } from '../../../shared/notify'
import { usePermissions } from '../../../shared/permissions'
import ResourcePage from '../../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../../shared/resource/schema'
import { useConfirm } from '../../../shared/useConfirm'
import { L } from '../../system/fields'
import { DESIGN, workflowApi } from '../api'
import { modelScreenFields } from './model-fields'
import '../locale'

/**
 * Process models (design/model): the list edits a model's name, category and description; drawing happens in the
 * modeller (/workflow/design/process/:id), which a new model also opens on. Deploy publishes the saved version.
 */
export default function Models() {
  const { t } = useTranslation('workflow')
  const perms = usePermissions()
  const navigate = useNavigate()
  const { confirm, dialog } = useConfirm()
  const code = 'workflow:design:model'
  const screen: ResourceScreen = {
    base: `${DESIGN}/model`,
    perm: code,
    title: L('模型设计', 'Models'),
    invalidates: [`${DESIGN}/deployment`],
    actions: { add: false },
    fields: modelScreenFields(),
    toolbar: () =>
      perms.has(`${code}:add`) && (
        <Button
          appearance="primary"
          icon={<AddRegular />}
          onClick={() => navigate('/workflow/design/process/new')}
          data-testid="model-new"
        >
          {t('model.add')}
        </Button>
      ),
    rowActions: (row, ctx) => (
      <>
        {perms.has(`${code}:design`) && (
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
        {perms.has(`${code}:deploy`) && (
          <Button
            size="small"
            appearance="transparent"
            icon={<RocketRegular />}
            data-testid="row-deploy"
            onClick={async () => {
              if (!(await confirm(t('model.deployConfirm', { name: String(row.name) })))) return
              await workflowApi.deployModel(String(row.id), row.categoryId ? String(row.categoryId) : undefined)
              notify.success(t('model.deployed'))
              ctx.reload()
            }}
          >
            {t('model.deploy')}
          </Button>
        )}
        {perms.has(`${code}:history`) && (
          <Button
            size="small"
            appearance="transparent"
            icon={<HistoryRegular />}
            onClick={() => navigate(`/workflow/design/model/history/${row.id}`)}
            data-testid="row-history"
          >
            {t('model.history')}
          </Button>
        )}
      </>
    ),
  }
  return (
    <>
      <ResourcePage screen={screen} />
      {dialog}
    </>
  )
}
