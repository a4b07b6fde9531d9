import { Button } from '@fluentui/react-components'
import { TableEditRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { modelFields } from '../../../../db/fields/develop'
import { L } from '../../../../db/fields/types'
import { usePermissions } from '../../shared/permissions'
import { screenFields } from '../../shared/resource/fields'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen, Row } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import PrototypeEditor from './PrototypeEditor'

const fields = screenFields(modelFields, {
  modelName: { search: true },
  modelNameEn: { list: false },
  modelCode: { search: true, width: 120 },
  modelTable: { width: 160 },
  remark: { list: false, span: 24 },
})

/** Models: a table of a datasource, and its field prototypes edited before code is generated from it. */
export default function Model() {
  const say = useSay()
  const perms = usePermissions()
  const [editing, setEditing] = useState<Row | null>(null)
  const screen: ResourceScreen = {
    base: '/api/blade-develop/model',
    perm: 'develop:model',
    title: L('数据模型', 'Models'),
    fields,
    rowActions: (row) =>
      perms.has('develop:model:edit') && (
        <Button
          size="small"
          appearance="transparent"
          icon={<TableEditRegular />}
          data-testid="row-prototype"
          onClick={() => setEditing(row)}
        >
          {say(L('字段原型', 'Field prototypes'))}
        </Button>
      ),
  }
  return (
    <>
      <ResourcePage screen={screen} />
      {editing && <PrototypeEditor model={editing} onClose={() => setEditing(null)} />}
    </>
  )
}
