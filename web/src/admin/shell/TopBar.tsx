import {
  Avatar,
  Button,
  Menu,
  MenuDivider,
  MenuItem,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Tab,
  TabList,
  Text,
  Tooltip,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import {
  ColorRegular,
  GlobeRegular,
  HomeRegular,
  LineHorizontal3Regular,
  LockClosedRegular,
  PersonRegular,
  PersonSwapRegular,
  SearchRegular,
  SignOutRegular,
} from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { siteConfig } from '../../shared/config'
import { setLang } from '../../shared/i18n'
import { useSession } from '../../shared/session'
import ErrorLog from '../widgets/ErrorLog'
import MessageBell from '../widgets/MessageBell'
import { useConfirm } from '../../shared/useConfirm'
import { logout } from './logout'
import { menuStore, useMenu } from './menu-store'
import { menuLabel } from './menu-tree'
import { THEMES, themeStore, useTheme } from './theme'

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    height: '52px',
    padding: `0 ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  brand: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase400,
    whiteSpace: 'nowrap',
  },
  logo: { width: '26px', height: '26px' },
  spacer: { flex: 1 },
  swatch: { width: '14px', height: '14px', borderRadius: '4px', display: 'inline-block' },
  user: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, cursor: 'pointer' },
  tops: { '@media (max-width: 992px)': { display: 'none' } },
  name: { '@media (max-width: 768px)': { display: 'none' } },
})

export interface TopBarProps {
  onToggle: () => void
  onSearch: () => void
  onLock: () => void
  onSwitch: () => void
}

/** The top bar: menu toggle, top menus, search, language, theme, messages, error log, lock and the user menu. */
export default function TopBar({ onToggle, onSearch, onLock, onSwitch }: TopBarProps) {
  const s = useStyles()
  const { t, i18n } = useTranslation('shell')
  const navigate = useNavigate()
  const { user } = useSession()
  const theme = useTheme()
  const { tops, topMenuId } = useMenu()
  const { confirm, dialog } = useConfirm()

  const signOut = async () => {
    if (!(await confirm(t('confirmLogout')))) return
    await logout()
    navigate('/login')
  }

  return (
    <header className={s.bar}>
      <Button
        appearance="subtle"
        icon={<LineHorizontal3Regular />}
        aria-label={t('collapse')}
        onClick={onToggle}
        data-testid="sidebar-toggle"
      />
      <div className={s.brand}>
        <img src="/favicon.svg" className={s.logo} alt="" />
        <span className={s.name}>{t('brand')}</span>
      </div>
      {tops.length > 1 && (
        <TabList
          className={s.tops}
          size="small"
          selectedValue={topMenuId}
          onTabSelect={(_, d) => void menuStore.chooseTop(String(d.value))}
          aria-label={t('topMenu')}
        >
          <Tab value="">{t('allMenus')}</Tab>
          {tops.map((top) => (
            <Tab key={top.id} value={top.id}>
              {menuLabel(top, i18n.language)}
            </Tab>
          ))}
        </TabList>
      )}
      <div className={s.spacer} />
      <Tooltip content={t('searchMenu')} relationship="label">
        <Button appearance="subtle" icon={<SearchRegular />} onClick={onSearch} data-testid="open-menu-search" />
      </Tooltip>
      <Menu
        checkedValues={{ lang: [i18n.language] }}
        onCheckedValueChange={(_, d) => setLang(d.checkedItems[0] as 'zh' | 'en')}
      >
        <MenuTrigger disableButtonEnhancement>
          <Tooltip content={t('language')} relationship="label">
            <Button appearance="subtle" icon={<GlobeRegular />} data-testid="lang-menu" />
          </Tooltip>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuItemRadio name="lang" value="zh" data-testid="lang-zh">
              中文
            </MenuItemRadio>
            <MenuItemRadio name="lang" value="en" data-testid="lang-en">
              English
            </MenuItemRadio>
          </MenuList>
        </MenuPopover>
      </Menu>
      <Menu checkedValues={{ theme: [theme.id] }} onCheckedValueChange={(_, d) => themeStore.set(d.checkedItems[0])}>
        <MenuTrigger disableButtonEnhancement>
          <Tooltip content={t('theme')} relationship="label">
            <Button appearance="subtle" icon={<ColorRegular />} data-testid="theme-menu" />
          </Tooltip>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {THEMES.map((th) => (
              <MenuItemRadio
                key={th.id}
                name="theme"
                value={th.id}
                icon={<span className={s.swatch} style={{ background: th.color }} />}
                data-testid={`theme-${th.id}`}
              >
                {t(`themes.${th.id}`)}
              </MenuItemRadio>
            ))}
          </MenuList>
        </MenuPopover>
      </Menu>
      <MessageBell />
      <ErrorLog />
      <Tooltip content={t('lock')} relationship="label">
        <Button appearance="subtle" icon={<LockClosedRegular />} onClick={onLock} data-testid="lock-button" />
      </Tooltip>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <div className={s.user} data-testid="user-menu">
            <Avatar
              size={28}
              name={user?.real_name || user?.account}
              image={user?.avatar ? { src: user.avatar } : undefined}
              color="colorful"
            />
            <Text className={s.name}>{user?.real_name || user?.account}</Text>
          </div>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuItem icon={<HomeRegular />} onClick={() => navigate(siteConfig.portalHome)}>
              {t('home')}
            </MenuItem>
            <MenuItem icon={<PersonRegular />} onClick={() => navigate('/info/index')}>
              {t('info')}
            </MenuItem>
            {siteConfig.switchMode && (
              <MenuItem icon={<PersonSwapRegular />} onClick={onSwitch}>
                {t('switch.action')}
              </MenuItem>
            )}
            <MenuItem icon={<LockClosedRegular />} onClick={onLock}>
              {t('lock')}
            </MenuItem>
            <MenuDivider />
            <MenuItem icon={<SignOutRegular />} onClick={signOut} data-testid="logout">
              {t('logout')}
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      {dialog}
    </header>
  )
}
