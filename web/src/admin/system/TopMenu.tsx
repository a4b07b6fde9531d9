import { Button } from '@fluentui/react-components'
import { ListRegular } from '@fluentui/react-icons'
import { useMemo, useState } from 'react'
import { useFetch, write } from '../../shared/data'
import { notify } from '../../shared/notify'
import { usePermissions } from '../../shared/permissions'
import FormDialog from '../../shared/resource/FormDialog'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { Field, ResourceScreen, Row } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { L, need, sortField } from './fields'

const menusField: Field = { name: 'menuIds', label: L('菜单', 'Menus'), type: 'tree', tree: { url: '/api/blade-system/menu/tree', multiple: true }, span: 24 }

/** Top menus and the menu roots each one shows (POST topmenu/grant). */
export default function TopMenu() {
  const say = useSay()
  const perms = usePermissions()
  const [setting, setSetting] = useState<Row | null>(null)
  const keys = useFetch<{ menu: string[] }>('/api/blade-system/topmenu/grant-tree-keys', { topMenuIds: setting?.id }, { enabled: !!setting, staleTime: 0 })
  const initial = useMemo(() => (keys.data && !keys.isFetching ? { menuIds: keys.data.menu.join(',') } : null), [keys.data, keys.isFetching])
  const screen: ResourceScreen = {
    base: '/api/blade-system/topmenu',
    perm: 'system:topmenu',
    title: L('顶部菜单', 'Top menus'),
    fields: [
      { name: 'name', label: L('菜单名称', 'Name'), search: true, required: need('请输入顶部菜单名称', 'please enter the top menu name') },
      { name: 'alias', label: L('英文名称', 'English name') },
      { name: 'code', label: L('菜单编号', 'Code'), search: true, required: need('请输入顶部菜单编号', 'please enter the top menu code') },
      { name: 'source', label: L('图标', 'Icon') },
      { name: 'path', label: L('路由', 'Path') },
      sortField,
    ],
    rowActions: (row) => perms.has('system:topmenu:setting') && (
      <Button size="small" appearance="transparent" icon={<ListRegular />} onClick={() => setSetting(row)}>{say(L('菜单配置', 'Assign menus'))}</Button>
    ),
  }
  const save = async (v: Row) => {
    // The shell's top menus show the new choice at once.
    await write('/api/blade-system/topmenu/grant', { body: { topMenuIds: String(setting!.id), menuIds: String(v.menuIds ?? '') } }, { invalidates: ['/api/blade-system/menu'] })
    notify.success(say('operationSuccessful'))
    setSetting(null)
  }
  return (
    <>
      <ResourcePage screen={screen} />
      {setting && initial && <FormDialog mode="edit" title={`${setting.name} · ${say(L('菜单配置', 'Assign menus'))}`} fields={[menusField]} initial={initial} onSubmit={save} onClose={() => setSetting(null)} />}
    </>
  )
}
