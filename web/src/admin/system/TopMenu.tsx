import { Button } from '@fluentui/react-components'
import { ListRegular } from '@fluentui/react-icons'
import { useMemo, useState } from 'react'
import { useFetch, write } from '../../shared/data'
import { notify } from '../../shared/notify'
import { usePermissions } from '../../shared/permissions'
import FormDialog from '../../shared/resource/FormDialog'
import { topMenuFields } from '../../../../db/fields/system'
import { screenFields } from '../../shared/resource/fields'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { Field, ResourceScreen, Row } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { L } from './fields'

const menusField: Field = {
  name: 'menuIds',
  label: L('菜单', 'Menus'),
  type: 'tree',
  tree: { url: '/api/blade-system/menu/tree', multiple: true },
  span: 24,
}

/** Top menus and the menu roots each one shows (POST topmenu/grant). */
export default function TopMenu() {
  const say = useSay()
  const perms = usePermissions()
  const [setting, setSetting] = useState<Row | null>(null)
  const keys = useFetch<{ menu: string[] }>(
    '/api/blade-system/topmenu/grant-tree-keys',
    { topMenuIds: setting?.id },
    { enabled: !!setting, staleTime: 0 },
  )
  const initial = useMemo(
    () => (keys.data && !keys.isFetching ? { menuIds: keys.data.menu.join(',') } : null),
    [keys.data, keys.isFetching],
  )
  const screen: ResourceScreen = {
    base: '/api/blade-system/topmenu',
    perm: 'system:topmenu',
    title: L('顶部菜单', 'Top menus'),
    fields: screenFields(topMenuFields, {
      name: { search: true },
      alias: {},
      code: { search: true },
      source: {},
      path: {},
      sort: { width: 80 },
    }),
    rowActions: (row) =>
      perms.has('system:topmenu:setting') && (
        <Button size="small" appearance="transparent" icon={<ListRegular />} onClick={() => setSetting(row)}>
          {say(L('菜单配置', 'Assign menus'))}
        </Button>
      ),
  }
  const save = async (v: Row) => {
    // The shell's top menus show the new choice at once.
    await write(
      '/api/blade-system/topmenu/grant',
      { body: { topMenuIds: String(setting!.id), menuIds: String(v.menuIds ?? '') } },
      { invalidates: ['/api/blade-system/menu'] },
    )
    notify.success(say('operationSuccessful'))
    setSetting(null)
  }
  return (
    <>
      <ResourcePage screen={screen} />
      {setting && initial && (
        <FormDialog
          mode="edit"
          title={`${setting.name} · ${say(L('菜单配置', 'Assign menus'))}`}
          fields={[menusField]}
          initial={initial}
          onSubmit={save}
          onClose={() => setSetting(null)}
        />
      )}
    </>
  )
}
