import { Button } from '@fluentui/react-components'
import { OpenRegular } from '@fluentui/react-icons'
import { api } from '../../shared/api'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { attachFields } from '../../../../db/fields/resource'
import { screenFields } from '../../shared/resource/fields'
import { L } from '../system/fields'

const screen: ResourceScreen = {
  base: '/api/blade-resource/attach',
  perm: 'resource:attach',
  title: L('附件管理', 'Attachments'),
  actions: { add: false, edit: false },
  fields: screenFields(attachFields, {
    originalName: { search: true },
    kind: { search: true, width: 110 },
    extension: { width: 90 },
    attachSize: { width: 120 },
    isPublic: { width: 80 },
    name: { list: false },
    createTime: { width: 170 },
  }),
}

/** Every stored file: open one (private files through a signed, expiring link), delete with its bytes. */
export default function Attach() {
  const say = useSay()
  return (
    <ResourcePage
      screen={{
        ...screen,
        rowActions: (row) => (
          <Button
            size="small"
            appearance="transparent"
            icon={<OpenRegular />}
            onClick={async () => {
              const link =
                row.isPublic === 1
                  ? String(row.link)
                  : (await api.get<{ link: string }>('/api/blade-resource/attach/sign', { link: row.link })).link
              window.open(link, '_blank', 'noopener')
            }}
          >
            {say(L('打开', 'Open'))}
          </Button>
        ),
      }}
    />
  )
}
