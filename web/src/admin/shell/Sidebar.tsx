import { Tooltip, Tree, TreeItem, TreeItemLayout, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { OpenRegular } from '@fluentui/react-icons'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router-dom'
import { MenuIcon } from './icons'
import { flatten, menuLabel, type MenuItem } from './menu-tree'
import { useMenuNavigation } from './useMenuNavigation'

const useStyles = makeStyles({
  root: {
    overflowY: 'auto',
    overflowX: 'hidden',
    paddingBlock: tokens.spacingVerticalS,
    backgroundColor: '#10253f',
    color: '#dbe6f3',
    height: '100%',
  },
  tree: { backgroundColor: 'transparent', '--fui-TreeItemLayout--color': '#dbe6f3' } as never,
  item: { color: '#dbe6f3', ':hover': { backgroundColor: 'rgba(255,255,255,0.08)', color: '#fff' } },
  active: {
    backgroundColor: tokens.colorBrandBackground,
    color: '#fff',
    ':hover': { backgroundColor: tokens.colorBrandBackgroundHover },
  },
  rail: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalXS },
  railButton: {
    width: '40px',
    height: '40px',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    borderRadius: tokens.borderRadiusMedium,
    border: 'none',
    background: 'transparent',
    color: '#dbe6f3',
    cursor: 'pointer',
    ':hover': { backgroundColor: 'rgba(255,255,255,0.1)' },
  },
})

/**
 * The sidebar menu from GET menu/routes: items with children become
 * submenus; isOpen items open a new window; web addresses open in the frame.
 * Collapsed, it shows the first level as icons.
 */
export default function Sidebar({
  tree,
  collapsed,
  onExpand,
}: {
  tree: MenuItem[]
  collapsed: boolean
  onExpand: () => void
}) {
  const s = useStyles()
  const { t, i18n } = useTranslation('shell')
  const { pathname } = useLocation()
  const go = useMenuNavigation()
  const activeId = useMemo(() => flatten(tree).find((m) => m.path === pathname)?.id, [tree, pathname])
  const ancestors = useMemo(() => {
    const byId = new Map(flatten(tree).map((m) => [m.id, m]))
    const open: string[] = []
    for (let m = activeId ? byId.get(activeId) : undefined; m; m = byId.get(m.parentId)) open.push(m.id)
    return open
  }, [tree, activeId])
  const [openItems, setOpenItems] = useState<string[]>([])
  const opened = useMemo(() => [...new Set([...openItems, ...ancestors])], [openItems, ancestors])

  if (collapsed) {
    return (
      <nav className={mergeClasses(s.root, s.rail)} aria-label={t('expand')}>
        {tree.map((m) => (
          <Tooltip key={m.id} content={menuLabel(m, i18n.language)} relationship="label" positioning="after">
            <button className={s.railButton} onClick={() => (m.children?.length ? onExpand() : go(m))}>
              <MenuIcon name={m.source} />
            </button>
          </Tooltip>
        ))}
      </nav>
    )
  }

  const render = (items: MenuItem[]) =>
    items.map((m) => {
      const label = menuLabel(m, i18n.language)
      if (m.children?.length) {
        return (
          <TreeItem key={m.id} itemType="branch" value={m.id}>
            <TreeItemLayout
              className={s.item}
              iconBefore={{ children: <MenuIcon name={m.source} />, style: { color: 'inherit' } }}
            >
              {label}
            </TreeItemLayout>
            <Tree>{render(m.children)}</Tree>
          </TreeItem>
        )
      }
      return (
        <TreeItem key={m.id} itemType="leaf" value={m.id} onClick={() => go(m)} data-testid={`menu-${m.path}`}>
          <TreeItemLayout
            className={mergeClasses(s.item, m.id === activeId && s.active)}
            iconBefore={{ children: <MenuIcon name={m.source} />, style: { color: 'inherit' } }}
            iconAfter={
              m.isOpen === 1 ? (
                <Tooltip content={t('newWindow')} relationship="label">
                  <OpenRegular />
                </Tooltip>
              ) : undefined
            }
          >
            {label}
          </TreeItemLayout>
        </TreeItem>
      )
    })

  return (
    <nav className={s.root} aria-label="menu">
      <Tree
        className={s.tree}
        aria-label="menu"
        openItems={opened}
        onOpenChange={(_, d) =>
          setOpenItems(d.open ? [...opened, String(d.value)] : opened.filter((v) => v !== d.value))
        }
      >
        {render(tree)}
      </Tree>
    </nav>
  )
}
