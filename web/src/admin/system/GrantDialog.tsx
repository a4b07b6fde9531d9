import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Tab,
  TabList,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { useMemo, useState } from 'react'
import { useAction, useFetch } from '../../shared/data'
import { notify } from '../../shared/notify'
import type { Row } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { flattenTree, type FlatOption, type TreeNode } from '../../shared/resource/tree-options'
import { L } from './fields'
import Loading from '../../shared/Loading'

type Kind = 'menu' | 'dataScope' | 'apiScope'
const KINDS: Kind[] = ['menu', 'dataScope', 'apiScope']
const NAMES = {
  menu: L('菜单权限', 'Menus'),
  dataScope: L('数据权限', 'Data scopes'),
  apiScope: L('接口权限', 'API scopes'),
}

const useStyles = makeStyles({
  list: {
    display: 'flex',
    flexDirection: 'column',
    maxHeight: '55vh',
    overflowY: 'auto',
    marginTop: tokens.spacingVerticalS,
  },
})

/** Children of an option in the flattened tree: the following options deeper than it. */
function descendants(options: FlatOption[], i: number): FlatOption[] {
  const out: FlatOption[] = []
  for (let j = i + 1; j < options.length && options[j].depth > options[i].depth; j++) out.push(options[j])
  return out
}

/**
 * A role's grants (spec: role grant with menuIds, dataScopeIds, apiScopeIds):
 * three checkbox trees from menu/grant-tree, pre-checked from role-tree-keys;
 * checking a node checks what lies under it.
 */
export default function GrantDialog({ roles, onClose }: { roles: Row[]; onClose: () => void }) {
  const s = useStyles()
  const say = useSay()
  const [kind, setKind] = useState<Kind>('menu')
  const tree = useFetch<Record<Kind, TreeNode[]>>('/api/blade-system/menu/grant-tree').data
  const keys = useFetch<Record<Kind, string[]>>(
    '/api/blade-system/menu/role-tree-keys',
    { roleIds: roles.map((r) => r.id).join(',') },
    { staleTime: 0 },
  ).data
  const trees = useMemo(
    () =>
      tree && {
        menu: flattenTree(tree.menu),
        dataScope: flattenTree(tree.dataScope),
        apiScope: flattenTree(tree.apiScope),
      },
    [tree],
  )
  // What the user ticked here; until then, what the roles hold.
  const [edited, setEdited] = useState<Record<Kind, Set<string>> | null>(null)
  const checked = edited ?? {
    menu: new Set(keys?.menu),
    dataScope: new Set(keys?.dataScope),
    apiScope: new Set(keys?.apiScope),
  }
  // A grant changes what the granted users (maybe this one) may see: menus and buttons are read again.
  const grant = useAction('/api/blade-system/role/grant', { invalidates: ['/api/blade-system/menu'] })

  const toggle = (i: number, on: boolean) => {
    const options = trees![kind]
    const next = new Set(checked[kind])
    for (const o of [options[i], ...descendants(options, i)])
      if (o.disabled) continue
      else if (on) next.add(o.value)
      else next.delete(o.value)
    setEdited({ ...checked, [kind]: next })
  }

  const save = async () => {
    await grant.mutateAsync({
      body: {
        roleIds: roles.map((r) => r.id),
        menuIds: [...checked.menu],
        dataScopeIds: [...checked.dataScope],
        apiScopeIds: [...checked.apiScope],
      },
    })
    notify.success(say('operationSuccessful'))
    onClose()
  }

  return (
    <Dialog
      open
      onOpenChange={(_, d) => {
        if (!d.open) onClose()
      }}
    >
      <DialogSurface style={{ maxWidth: 560 }} data-testid="grant-dialog">
        <DialogBody>
          <DialogTitle>
            {say(L('权限设置', 'Grant permissions'))} · {roles.map((r) => r.roleName).join(', ')}
          </DialogTitle>
          <DialogContent>
            <TabList selectedValue={kind} onTabSelect={(_, d) => setKind(d.value as Kind)}>
              {KINDS.map((k) => (
                <Tab key={k} value={k}>
                  {say(NAMES[k])}
                </Tab>
              ))}
            </TabList>
            {!trees || !keys ? (
              <Loading />
            ) : (
              <div className={s.list}>
                {trees[kind].map((o, i) => (
                  <Checkbox
                    key={o.value}
                    style={{ paddingLeft: o.depth * 20 }}
                    label={o.label}
                    disabled={o.disabled && !descendants(trees[kind], i).length}
                    checked={
                      o.disabled
                        ? descendants(trees[kind], i).every((d) => checked[kind].has(d.value))
                        : checked[kind].has(o.value)
                    }
                    onChange={(_, d) => toggle(i, !!d.checked)}
                    data-testid={`grant-${o.value}`}
                  />
                ))}
              </div>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{say('cancel')}</Button>
            <Button
              appearance="primary"
              onClick={save}
              disabled={!trees || !keys || grant.isPending}
              data-testid="grant-save"
            >
              {say('save')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
