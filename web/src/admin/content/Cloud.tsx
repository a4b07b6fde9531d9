import { Button, Input, Text, Tree, TreeItem, TreeItemLayout, makeStyles, tokens } from '@fluentui/react-components'
import { AddRegular, DeleteRegular, FolderRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { useFetch, write } from '../../shared/data'
import { notify } from '../../shared/notify'
import { usePermissions } from '../../shared/permissions'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { useConfirm } from '../../shared/useConfirm'
import { documentFields, folderFields } from '../../../../db/fields/content'
import { screenFields } from '../../shared/resource/fields'
import { L } from '../system/fields'

const F = '/api/cloud-document/folder'
interface Folder {
  id: string
  name: string
  parentId: string
  children: Folder[]
}
const useStyles = makeStyles({
  add: { display: 'flex', gap: tokens.spacingHorizontalXS, marginTop: tokens.spacingVerticalS },
})

/** The folder tree beside the documents: pick a folder to list its documents; add a sub-folder; remove an empty one. */
function Folders({ value, onPick }: { value?: string; onPick: (id: string | undefined) => void }) {
  const s = useStyles()
  const say = useSay()
  const perms = usePermissions()
  const { confirm, dialog } = useConfirm()
  const tree = useFetch<Folder[]>(`${F}/tree`)
  const [name, setName] = useState('')
  const add = async () => {
    if (!name.trim()) return notify.warning(say(folderFields.name.required))
    await write(`${F}/submit`, { body: { name, parentId: value ?? '0' } }, { invalidates: [F] })
    setName('')
  }
  const node = (f: Folder) => (
    <TreeItem key={f.id} itemType={f.children.length ? 'branch' : 'leaf'} value={f.id}>
      <TreeItemLayout
        iconBefore={<FolderRegular />}
        onClick={() => onPick(f.id)}
        style={f.id === value ? { fontWeight: 600 } : undefined}
        actions={
          perms.has('content:cloud:delete') ? (
            <Button
              size="small"
              appearance="subtle"
              icon={<DeleteRegular />}
              aria-label={say('delete')}
              onClick={async (e) => {
                e.stopPropagation()
                if (await confirm(say('confirmDelete'))) {
                  await write(`${F}/remove`, { params: { ids: f.id } }, { invalidates: [F] })
                  onPick(undefined)
                }
              }}
            />
          ) : undefined
        }
      >
        {f.name}
      </TreeItemLayout>
      {f.children.length > 0 && <Tree>{f.children.map(node)}</Tree>}
    </TreeItem>
  )
  return (
    <div>
      <Text weight="semibold" block>
        {say(L('文件夹', 'Folders'))}
      </Text>
      <Button appearance="transparent" onClick={() => onPick(undefined)}>
        {say(L('全部文档', 'All documents'))}
      </Button>
      <Tree aria-label={say(L('文件夹', 'Folders'))} defaultOpenItems={(tree.data ?? []).map((f) => f.id)}>
        {(tree.data ?? []).map(node)}
      </Tree>
      {perms.has('content:cloud:add') && (
        <div className={s.add}>
          <Input
            size="small"
            value={name}
            onChange={(_, d) => setName(d.value)}
            placeholder={say(value ? L('新建子文件夹', 'New sub-folder') : L('新建文件夹', 'New folder'))}
          />
          <Button size="small" icon={<AddRegular />} onClick={() => void add()} aria-label={say('add')} />
        </div>
      )}
      {dialog}
    </div>
  )
}

/** Cloud documents (PDF or Markdown) in folders. */
export default function Cloud() {
  // The side tree writes the chosen folder into the URL (parentId, as every side panel does); the list filters by it.
  const [params] = useSearchParams()
  const folder = params.get('parentId') ?? undefined
  const screen: ResourceScreen = {
    base: '/api/cloud-document/document',
    listPath: 'page',
    perm: 'content:cloud',
    title: L('云文档', 'Cloud documents'),
    query: folder ? { folderId: folder } : undefined,
    fields: screenFields(documentFields, {
      title: { search: true },
      folderId: { list: false },
      fileAddress: { list: false },
      fileType: { form: false, width: 70 },
      fileSize: { form: false, width: 110 },
      intro: { list: false },
      sort: { width: 80 },
      remark: { list: false },
    }),
    side: (setFilter, filters) => <Folders value={filters.parentId} onPick={(id) => setFilter('parentId', id)} />,
  }
  return <ResourcePage screen={screen} />
}
