import { Button } from '@fluentui/react-components'
import { OpenRegular } from '@fluentui/react-icons'
import { api } from '../../shared/api'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { L } from '../system/fields'

const screen: ResourceScreen = {
  base: '/api/blade-resource/attach',
  perm: 'resource:attach',
  title: L('附件管理', 'Attachments'),
  actions: { add: false, edit: false },
  fields: [
    { name: 'originalName', label: L('原文件名', 'Original name'), search: true },
    {
      name: 'kind',
      label: L('用途', 'Kind'),
      search: true,
      width: 110,
      options: [
        { value: 'image', label: L('图片', 'Image') },
        { value: 'banner', label: L('轮播图', 'Banner') },
        { value: 'avatar', label: L('头像', 'Avatar') },
        { value: 'courseware', label: L('课件', 'Courseware') },
        { value: 'download', label: L('下载文件', 'Download') },
        { value: 'firmware', label: L('固件', 'Firmware') },
        { value: 'document', label: L('云文档', 'Cloud document') },
      ],
      type: 'select',
    },
    { name: 'extension', label: L('扩展名', 'Extension'), width: 90 },
    { name: 'attachSize', label: L('大小（字节）', 'Size (bytes)'), type: 'number', width: 120 },
    { name: 'isPublic', label: L('公开', 'Public'), type: 'switch', width: 80 },
    { name: 'name', label: L('存储键', 'Storage key'), list: false },
    { name: 'createTime', label: L('上传时间', 'Uploaded'), type: 'datetime', width: 170 },
  ],
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
