import { Button } from '@fluentui/react-components'
import { HistoryRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { wfFormFields } from '../../../../../db/fields/workflow'
import { usePermissions } from '../../../shared/permissions'
import { screenFields } from '../../../shared/resource/fields'
import ResourcePage from '../../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../../shared/resource/schema'
import { L } from '../../system/fields'
import { DESIGN } from '../api'
import '../locale'

/** Forms (design/form): fields as JSON, bound to a start event or a task by their key (formKey); each save is a version. */
export default function Forms() {
  const { t } = useTranslation('workflow')
  const perms = usePermissions()
  const navigate = useNavigate()
  const screen: ResourceScreen = {
    base: `${DESIGN}/form`,
    perm: 'workflow:design:form',
    title: L('表单设计', 'Forms'),
    fields: screenFields(wfFormFields, {
      formKey: { search: true, addOnly: true, width: 160 },
      name: { search: true },
      categoryId: { width: 140 },
      content: { list: false, span: 24 },
      remark: { list: false, span: 24 },
    }),
    rowActions: (row) =>
      perms.has('workflow:design:form:history') && (
        <Button
          size="small"
          appearance="transparent"
          icon={<HistoryRegular />}
          onClick={() => navigate(`/workflow/design/form/history/${row.id}`)}
          data-testid="row-history"
        >
          {t('model.history')}
        </Button>
      ),
  }
  return <ResourcePage screen={screen} />
}
