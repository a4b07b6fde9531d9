import {
  Button,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  makeStyles,
  mergeClasses,
  shorthands,
  tokens,
} from '@fluentui/react-components'
import { DismissCircleRegular, DismissRegular, MoreHorizontalRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router-dom'
import { api } from '../../shared/api'
import { queryClient } from '../../shared/data'
import { notify } from '../../shared/notify'
import { useConfirm } from '../../shared/useConfirm'
import { tabsStore, useTabs } from './tabs-store'

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    minHeight: '38px',
    minWidth: 0,
  },
  tabs: {
    display: 'flex',
    gap: tokens.spacingHorizontalXS,
    overflowX: 'auto',
    flex: 1,
    minWidth: 0,
    scrollbarWidth: 'thin',
  },
  tab: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '4px',
    height: '28px',
    padding: '0 6px 0 12px',
    whiteSpace: 'nowrap',
    cursor: 'pointer',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    background: tokens.colorNeutralBackground1,
    fontSize: tokens.fontSizeBase200,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  active: {
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    ...shorthands.borderColor(tokens.colorBrandBackground),
    ':hover': { backgroundColor: tokens.colorBrandBackgroundHover },
  },
  label: {
    border: 'none',
    background: 'transparent',
    color: 'inherit',
    font: 'inherit',
    cursor: 'pointer',
    padding: 0,
  },
  close: {
    display: 'inline-flex',
    border: 'none',
    background: 'transparent',
    color: 'inherit',
    cursor: 'pointer',
    padding: '2px',
    borderRadius: '50%',
  },
})

/** The tag tab bar: one tab per visited page; a context menu (right click, or the ⋯ button) with the spec's four actions. */
export default function TabBar({ onSearch }: { onSearch: () => void }) {
  const s = useStyles()
  const { t, i18n } = useTranslation('shell')
  const tabs = useTabs()
  const { pathname, search } = useLocation()
  const active = pathname + search
  const navigate = useNavigate()
  const { confirm, dialog } = useConfirm()

  const close = (path: string) => {
    const next = tabsStore.close(path, active)
    if (next !== active) navigate(next)
  }
  const clearCache = async () => {
    if (!(await confirm(t('tabs.confirmClearCache')))) return
    await api.get('/api/blade-auth/oauth/clear-cache')
    // The server's caches are gone; everything this page read is read again too.
    await queryClient.invalidateQueries()
    notify.success(t('tabs.cleared'))
  }
  const actions = (
    <MenuPopover>
      <MenuList>
        <MenuItem onClick={clearCache}>{t('tabs.clearCache')}</MenuItem>
        <MenuItem onClick={() => tabsStore.closeOthers(active)} data-testid="tabs-close-others">
          {t('tabs.closeOthers')}
        </MenuItem>
        <MenuItem onClick={() => navigate(tabsStore.closeAll())} data-testid="tabs-close-all">
          {t('tabs.closeAll')}
        </MenuItem>
        <MenuItem onClick={onSearch}>{t('tabs.search')}</MenuItem>
      </MenuList>
    </MenuPopover>
  )

  return (
    <div className={s.bar}>
      <Menu openOnContext>
        <MenuTrigger disableButtonEnhancement>
          {/* Open pages are links to pages, not tab panels: a navigation list whose current entry says so, with
              the page's own button and its close button side by side (a control inside a control reaches nobody). */}
          <nav className={s.tabs} aria-label={t('tabs.openPages')} data-testid="tab-bar">
            {tabs.map((tab) => {
              const label = i18n.language === 'en' && tab.labelEn ? tab.labelEn : tab.label
              return (
                <div
                  key={tab.path}
                  className={mergeClasses(s.tab, tab.path === active && s.active)}
                  onClick={() => navigate(tab.path)}
                  data-testid={`tab-${tab.path}`}
                >
                  <button type="button" className={s.label} aria-current={tab.path === active ? 'page' : undefined}>
                    {label}
                  </button>
                  {tabs.length > 1 && tab.path !== '/wel/index' && (
                    <button
                      type="button"
                      className={s.close}
                      aria-label={`${t('tabs.close')} ${label}`}
                      data-testid={`tab-close-${tab.path}`}
                      onClick={(e) => {
                        e.stopPropagation()
                        close(tab.path)
                      }}
                    >
                      <DismissRegular fontSize={12} />
                    </button>
                  )}
                </div>
              )
            })}
          </nav>
        </MenuTrigger>
        {actions}
      </Menu>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button
            appearance="subtle"
            size="small"
            icon={<MoreHorizontalRegular />}
            aria-label={t('tabs.actions')}
            data-testid="tabs-menu"
          />
        </MenuTrigger>
        {actions}
      </Menu>
      <Button
        appearance="subtle"
        size="small"
        icon={<DismissCircleRegular />}
        aria-label={t('tabs.closeAll')}
        onClick={() => navigate(tabsStore.closeAll())}
      />
      {dialog}
    </div>
  )
}
