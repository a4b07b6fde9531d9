import { Button, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { ArrowUpRegular, GlobeRegular, NavigationRegular } from '@fluentui/react-icons'
import { lazy, Suspense, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom'
import { siteConfig } from '../shared/config'
import { currentLang, setLang } from '../shared/i18n'
import { useSession } from '../shared/session'
import { useTokenRefresh } from '../admin/shell/token-refresh'
import { PORTAL_NAV } from './nav'
import './locale'
import FloatingTools from './content/FloatingTools'

// A guest's first page carries only what it shows: the drawer (narrow screens, on demand) and
// the signed-in user's menu load when needed.
const PortalDrawer = lazy(() => import('./PortalDrawer'))
const PortalUserMenu = lazy(() => import('./PortalUserMenu'))
// The live inbox holds an MQTT connection: only a signed-in learner loads it, never a guest.
const LiveInbox = lazy(() => import('../shared/LiveInbox'))

const useStyles = makeStyles({
  header: {
    position: 'sticky',
    top: 0,
    zIndex: 10,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
    height: '60px',
    padding: '0 5vw',
    // Ten entries must fit in one row down to 992 px in English too (longer words than Chinese).
    '@media (max-width: 1440px)': { padding: '0 24px', gap: tokens.spacingHorizontalM },
    backgroundColor: 'rgba(255,255,255,0.96)',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    backdropFilter: 'blur(6px)',
  },
  brand: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    fontWeight: tokens.fontWeightBold,
    fontSize: '18px',
    color: '#1B79C3',
    textDecoration: 'none',
  },
  nav: {
    display: 'flex',
    gap: tokens.spacingHorizontalXS,
    flex: 1,
    minWidth: 0,
    '@media (max-width: 992px)': { display: 'none' },
  },
  link: {
    padding: '6px 10px',
    '@media (max-width: 1440px)': { padding: '6px 6px' },
    '@media (max-width: 1280px)': { padding: '6px 4px', fontSize: tokens.fontSizeBase200 },
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  active: { color: '#1B79C3', fontWeight: tokens.fontWeightSemibold, boxShadow: 'inset 0 -2px 0 #1B79C3' },
  burger: { display: 'none', '@media (max-width: 992px)': { display: 'inline-flex', marginLeft: 'auto' } },
  right: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    '@media (max-width: 992px)': { display: 'none' },
  },
  drawerLink: { display: 'block', padding: '10px 4px', color: tokens.colorNeutralForeground1, textDecoration: 'none' },
  footer: {
    backgroundColor: '#10253f',
    color: '#c8d6e5',
    padding: '40px 5vw 24px',
    display: 'grid',
    gap: tokens.spacingVerticalL,
  },
  footerCols: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
    gap: tokens.spacingHorizontalXXL,
  },
  qr: { width: '96px', height: '96px', display: 'block', borderRadius: '6px' },
  copyright: {
    borderTop: '1px solid rgba(255,255,255,0.12)',
    paddingTop: tokens.spacingVerticalM,
    fontSize: tokens.fontSizeBase200,
  },
  top: { position: 'fixed', right: '24px', bottom: '32px', zIndex: 20, boxShadow: tokens.shadow16 },
})

/** The public portal: header menu (a drawer under 992 px), sign-in or the user's name, footer, back-to-top after 100 px. */
export default function PortalLayout() {
  const s = useStyles()
  const { t } = useTranslation('portal')
  const en = currentLang() === 'en'
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const { token } = useSession()
  const [drawer, setDrawer] = useState(false)
  // Mounted from the first opening on, so closing still animates.
  const [drawerUsed, setDrawerUsed] = useState(false)
  const [scrolled, setScrolled] = useState(false)
  useTokenRefresh()

  useEffect(() => {
    window.scrollTo(0, 0)
    setDrawer(false)
  }, [pathname])
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 100)
    window.addEventListener('scroll', onScroll)
    return () => window.removeEventListener('scroll', onScroll)
  }, [])

  const links = (className: string, active?: string) =>
    PORTAL_NAV.map((key) => (
      <NavLink key={key} to={`/home/${key}`} className={({ isActive }) => mergeClasses(className, isActive && active)}>
        {t(`nav.${key}`)}
      </NavLink>
    ))

  return (
    <div>
      {token && (
        <Suspense>
          <LiveInbox />
        </Suspense>
      )}
      <header className={s.header}>
        <NavLink to="/home/index" className={s.brand}>
          <img src="/favicon.svg" width={28} height={28} alt="" />
          Atrium
        </NavLink>
        <nav className={s.nav}>{links(s.link, s.active)}</nav>
        <div className={s.right}>
          <Button appearance="subtle" icon={<GlobeRegular />} onClick={() => setLang(en ? 'zh' : 'en')}>
            {en ? '中文' : 'EN'}
          </Button>
          {token ? (
            <Suspense>
              <PortalUserMenu />
            </Suspense>
          ) : (
            <Button appearance="primary" onClick={() => navigate('/home/user-login')} data-testid="portal-login">
              {t('login')}
            </Button>
          )}
        </div>
        <Button
          className={s.burger}
          appearance="subtle"
          icon={<NavigationRegular />}
          aria-label={t('menu')}
          onClick={() => {
            setDrawerUsed(true)
            setDrawer(true)
          }}
        />
      </header>
      {drawerUsed && (
        <Suspense>
          <PortalDrawer open={drawer} onClose={() => setDrawer(false)}>
            {links(s.drawerLink)}
            {token ? (
              <NavLink className={s.drawerLink} to="/home/user-center">
                {t('userCenter')}
              </NavLink>
            ) : (
              <NavLink className={s.drawerLink} to="/home/user-login">
                {t('login')}
              </NavLink>
            )}
            {/* The header's language switch is hidden with the menu under 992 px. */}
            <Button
              appearance="subtle"
              icon={<GlobeRegular />}
              onClick={() => setLang(en ? 'zh' : 'en')}
              data-testid="drawer-lang"
            >
              {en ? '中文' : 'EN'}
            </Button>
          </PortalDrawer>
        </Suspense>
      )}
      <main style={{ minHeight: 'calc(100vh - 60px)' }}>
        <Outlet />
      </main>
      <footer className={s.footer}>
        <div className={s.footerCols}>
          <div>
            <Text weight="semibold" block>
              {t('footer.contact')}
            </Text>
            <Text block>
              {t('footer.hotline')}：{siteConfig.hotline}
            </Text>
            <Text block>
              {t('footer.hours')}：{siteConfig.serviceHours}
            </Text>
          </div>
          <div>
            <Text block>{t('footer.address')}</Text>
            <Text block>{t('footer.postcode')}</Text>
          </div>
          <div>
            <Text block>{t('footer.centres')}</Text>
          </div>
          <div>
            <img className={s.qr} src={siteConfig.qrAccount} alt={t('footer.qr')} width={96} height={96} />
            <Text size={200}>{t('footer.qr')}</Text>
          </div>
        </div>
        <div className={s.copyright}>{t('footer.copyright')}</div>
      </footer>
      <FloatingTools />
      {scrolled && (
        <Button
          className={s.top}
          shape="circular"
          size="large"
          icon={<ArrowUpRegular />}
          aria-label={t('backToTop')}
          onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        />
      )}
    </div>
  )
}
