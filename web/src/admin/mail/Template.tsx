import { Button } from '@fluentui/react-components'
import { CopyRegular, EyeRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { mailTemplateFields } from '../../../../db/fields/mail'
import { L } from '../../../../db/fields/types'
import { write } from '../../shared/data'
import { notify } from '../../shared/notify'
import { usePermissions } from '../../shared/permissions'
import { screenFields } from '../../shared/resource/fields'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import PreviewDialog from './PreviewDialog'

const BASE = '/api/blade-email/template'

/**
 * Mail templates: Liquid subject and HTML body over the listed variables ({{ name }}), one per code and language;
 * a row previews as the outbox would render it, with values typed in.
 */
export default function Template() {
  const say = useSay()
  const perms = usePermissions()
  const [previewing, setPreviewing] = useState<{ id: string; variables: string | null }>()
  const screen: ResourceScreen = {
    base: BASE,
    perm: 'mail:template',
    title: L('邮件模板', 'Mail templates'),
    fields: screenFields(mailTemplateFields, {
      code: { search: true },
      name: { search: true },
      language: { search: true, width: 90 },
      subject: { span: 24 },
      content: { list: false, span: 24 },
      variables: { span: 24 },
      remark: { list: false, span: 24 },
    }),
    rowActions: (row, ctx) => (
      <>
        <Button
          size="small"
          appearance="transparent"
          icon={<EyeRegular />}
          data-testid="row-preview"
          onClick={() => setPreviewing({ id: String(row.id), variables: row.variables as string | null })}
        >
          {say(L('预览', 'Preview'))}
        </Button>
        {perms.has('mail:template:copy') && (
          <Button
            size="small"
            appearance="transparent"
            icon={<CopyRegular />}
            data-testid="row-copy"
            onClick={async () => {
              await write(`${BASE}/copy`, { body: { id: row.id } })
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
  return (
    <>
      <ResourcePage screen={screen} />
      {previewing && (
        <PreviewDialog id={previewing.id} variables={previewing.variables} onClose={() => setPreviewing(undefined)} />
      )}
    </>
  )
}
