import { makeStyles, tokens } from '@fluentui/react-components'
import { Suspense, useEffect, useMemo, useState } from 'react'
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom'
import { siteConfig } from '../../shared/config'
import LiveInbox from '../../shared/LiveInbox'
import { landingPath, useSession } from '../../shared/session'
import { pageLabels } from '../screens'
import LockPasswordDialog from './LockPasswordDialog'
import MenuSearch from './MenuSearch'
import Sidebar from './Sidebar'
import SwitchDialog from './SwitchDialog'
import TabBar from './TabBar'
import TopBar from './TopBar'
import './locale'
import { lockStore, useLock } from './lock-store'
import { useMenu } from './menu-store'
import { flatten, frameRoute, isWebAddress } from './menu-tree'
import { showTab } from './tabs-store'
import { useTokenRefresh } from './token-refresh'
import Loading from '../../shared/Loading'

const useStyles = makeStyles({
  root: {
    display: 'grid',
    gridTemplateRows: '52px auto 1fr',
    gridTemplateColumns: 'minmax(0, 1fr)',
    height: '100vh',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  body: { display: 'grid', minHeight: 0, transition: 'grid-template-columns 160ms ease' },
  main: { overflow: 'auto', padding: tokens.spacingHorizontalL, minWidth: 0 },
})

const SMALL = 992

/**
 * The admin shell: guards (signed in, not locked, not a student on the
 * welcome page), the top bar, the sidebar, the tab bar and the page.
 */
export default function AdminLayout() {
  const s = useStyles()
  const { token, roles } = useSession()
  const lock = useLock()
  const { pathname, search, state } = useLocation()
  const navigate = useNavigate()
  const { tree } = useMenu()
  const [collapsed, setCollapsed] = useState(() => window.innerWidth < SMALL)
  const [searching, setSearching] = useState(false)
  const [locking, setLocking] = useState(false)
  const [switching, setSwitching] = useState(false)
  useTokenRefresh()

  useEffect(() => {
    const onResize = () => {
      if (window.innerWidth < SMALL) setCollapsed(true)
    }
    window.addEventListener('resize', onResize)
    return () => window.removeEventListener('resize', onResize)
  }, [])

  const byPath = useMemo(
    () =>
      new Map(
        flatten(tree)
          .filter((m) => m.path)
          .map((m) => [isWebAddress(m.path) ? frameRoute(m.path!) : m.path!, m]),
      ),
    [tree],
  )
  useEffect(() => {
    if (!token) return
    const m = byPath.get(pathname)
    if (m?.meta?.isTab === false) return
    const fixed = pageLabels[pathname]
    const label = m ? { zh: m.name, en: m.alias || m.name } : fixed
    if (label) showTab({ path: pathname + search, label: label.zh, labelEn: label.en }, state)
  }, [pathname, search, state, byPath, token])

  if (!token) return <Navigate to={`/home/user-login?redirect=${encodeURIComponent(pathname + search)}`} replace />
  if (lock.locked) return <Navigate to={siteConfig.lockPage} replace />
  if (pathname === siteConfig.homePath && landingPath(roles) === '/') return <Navigate to="/" replace />

  const openLock = () =>
    lockStore.hasPassword()
      ? (lockStore.lock(), setTimeout(() => navigate(siteConfig.lockPage), 100))
      : setLocking(true)

  return (
    <div className={s.root}>
      <LiveInbox />
      <TopBar
        onToggle={() => setCollapsed((c) => !c)}
        onSearch={() => setSearching(true)}
        onLock={openLock}
        onSwitch={() => setSwitching(true)}
      />
      <TabBar onSearch={() => setSearching(true)} />
      <div className={s.body} style={{ gridTemplateColumns: collapsed ? '56px 1fr' : '232px 1fr' }}>
        <Sidebar tree={tree} collapsed={collapsed} onExpand={() => setCollapsed(false)} />
        <main className={s.main}>
          {/* One boundary per screen: opening a screen whose code is still loading shows a spinner at once instead
              of leaving the previous screen up (and clickable) under the new address. */}
          <Suspense key={pathname} fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <MenuSearch open={searching} onClose={() => setSearching(false)} tree={tree} />
      <LockPasswordDialog
        open={locking}
        onClose={() => setLocking(false)}
        onLocked={() => navigate(siteConfig.lockPage)}
      />
      {siteConfig.switchMode && <SwitchDialog open={switching} onClose={() => setSwitching(false)} />}
    </div>
  )
}
