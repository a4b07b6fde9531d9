import { Button } from '@fluentui/react-components'
import { ArrowDownloadRegular, CopyRegular } from '@fluentui/react-icons'
import { codeFields } from '../../../../db/fields/develop'
import { L } from '../../../../db/fields/types'
import { api } from '../../shared/api'
import { write } from '../../shared/data'
import { notify } from '../../shared/notify'
import { usePermissions } from '../../shared/permissions'
import { screenFields } from '../../shared/resource/fields'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'

const BASE = '/api/blade-develop/code'

const fields = screenFields(codeFields, {
  codeName: { search: true },
  codeNameEn: { list: false },
  modelId: { width: 140 },
  serviceName: { search: true },
  remark: { list: false, span: 24 },
})

/**
 * Code generations: each row turns a model into an area of Atrium's own pattern (table, fields, resource, menu,
 * screen, migrations and a test), downloaded as a zip to unpack at the project's root.
 */
export default function Code() {
  const say = useSay()
  const perms = usePermissions()
  const screen: ResourceScreen = {
    base: BASE,
    perm: 'develop:code',
    title: L('代码生成', 'Code generation'),
    fields,
    rowActions: (row, ctx) => (
      <>
        {perms.has('develop:code:gen') && (
          <Button
            size="small"
            appearance="transparent"
            icon={<ArrowDownloadRegular />}
            data-testid="row-gen"
            onClick={async () => {
              await api.download(`${BASE}/gen-code`, { ids: String(row.id) }, `${String(row.packageName)}.zip`)
              notify.success(say(L('代码生成成功', 'Code generated')))
            }}
          >
            {say(L('代码生成', 'Generate code'))}
          </Button>
        )}
        {perms.has('develop:code:copy') && (
          <Button
            size="small"
            appearance="transparent"
            icon={<CopyRegular />}
            data-testid="row-copy"
            onClick={async () => {
              await write(`${BASE}/copy`, { params: { id: String(row.id) } })
              notify.success(say('operationSuccessful'))
              ctx.reload()
            }}
          >
            {say(L('复制', 'Copy'))}
          </Button>
        )}
      </>
    ),
  }
  return <ResourcePage screen={screen} />
}
