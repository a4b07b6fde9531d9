import {
  Button, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner, Tab, TabList, makeStyles, tokens,
} from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { api } from '../../shared/api'
import { notify } from '../../shared/notify'
import type { Row } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { flattenTree, type FlatOption, type TreeNode } from '../../shared/resource/tree-options'
import { L } from './fields'

type Kind = 'menu' | 'dataScope' | 'apiScope'
const KINDS: Kind[] = ['menu', 'dataScope', 'apiScope']
const NAMES = { menu: L('菜单权限', 'Menus'), dataScope: L('数据权限', 'Data scopes'), apiScope: L('接口权限', 'API scopes') }

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', maxHeight: '55vh', overflowY: 'auto', marginTop: tokens.spacingVerticalS },
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
  const [trees, setTrees] = useState<Record<Kind, FlatOption[]> | null>(null)
  const [checked, setChecked] = useState<Record<Kind, Set<string>>>({ menu: new Set(), dataScope: new Set(), apiScope: new Set() })

  useEffect(() => {
    const ids = roles.map((r) => r.id).join(',')
    void Promise.all([
      api.get<Record<Kind, TreeNode[]>>('/api/blade-system/menu/grant-tree'),
      api.get<Record<Kind, string[]>>('/api/blade-system/menu/role-tree-keys', { roleIds: ids }),
    ]).then(([tree, keys]) => {
      setTrees({ menu: flattenTree(tree.menu), dataScope: flattenTree(tree.dataScope), apiScope: flattenTree(tree.apiScope) })
      setChecked({ menu: new Set(keys.menu), dataScope: new Set(keys.dataScope), apiScope: new Set(keys.apiScope) })
    })
  }, [roles])

  const toggle = (i: number, on: boolean) => setChecked((c) => {
    const options = trees![kind]
    const next = new Set(c[kind])
    for (const o of [options[i], ...descendants(options, i)]) if (!o.disabled) (on ? next.add(o.value) : next.delete(o.value))
    return { ...c, [kind]: next }
  })

  const save = async () => {
    await api.post('/api/blade-system/role/grant', { roleIds: roles.map((r) => r.id), menuIds: [...checked.menu], dataScopeIds: [...checked.dataScope], apiScopeIds: [...checked.apiScope] })
    notify.success(say('operationSuccessful'))
    onClose()
  }

  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open) onClose() }}>
      <DialogSurface style={{ maxWidth: 560 }} data-testid="grant-dialog">
        <DialogBody>
          <DialogTitle>{say(L('权限设置', 'Grant permissions'))} · {roles.map((r) => r.roleName).join(', ')}</DialogTitle>
          <DialogContent>
            <TabList selectedValue={kind} onTabSelect={(_, d) => setKind(d.value as Kind)}>
              {KINDS.map((k) => <Tab key={k} value={k}>{say(NAMES[k])}</Tab>)}
            </TabList>
            {!trees ? <Spinner /> : (
              <div className={s.list}>
                {trees[kind].map((o, i) => (
                  <Checkbox key={o.value} style={{ paddingLeft: o.depth * 20 }} label={o.label} disabled={o.disabled && !descendants(trees[kind], i).length}
                    checked={o.disabled ? descendants(trees[kind], i).every((d) => checked[kind].has(d.value)) : checked[kind].has(o.value)}
                    onChange={(_, d) => toggle(i, !!d.checked)} data-testid={`grant-${o.value}`} />
                ))}
              </div>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{say('cancel')}</Button>
            <Button appearance="primary" onClick={save} disabled={!trees} data-testid="grant-save">{say('save')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
