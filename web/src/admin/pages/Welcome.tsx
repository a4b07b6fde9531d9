import {
  Avatar,
  Badge,
  Button,
  Card,
  CardHeader,
  Link,
  Skeleton,
  SkeletonItem,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import {
  AlertRegular,
  ArrowRightRegular,
  CalendarLtrRegular,
  PeopleRegular,
  PersonRegular,
} from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { useFetch } from '../../shared/data'
import { useSession } from '../../shared/session'
import { MenuIcon } from '../shell/icons'
import { flatten, menuLabel } from '../shell/menu-tree'
import { useMenu } from '../shell/menu-store'
import { useMenuNavigation } from '../shell/useMenuNavigation'
import { useUnread } from '../widgets/unread-store'
import './locale'
import { greetingKey } from './greeting'

/** GET /api/blade-auth/oauth/user-info (the fields shown here). */
interface UserInfo {
  real_name: string
  account: string
  avatar: string
  role_names: string
  role_name: string
  dept_name: string
  roles: string[]
}
/** GET /api/blade-system/user/getUserTotal. */
export interface UserTotal {
  total: number
  active: number
  pending: number
  locked: number
  disabled: number
}

const ADMIN_ROLES = ['administrator', 'admin']
const QUICK_LINKS = 12

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  hero: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXL,
    padding: '28px 32px',
    borderRadius: tokens.borderRadiusXLarge,
    color: '#fff',
    backgroundImage: 'linear-gradient(120deg, #1B79C3 0%, #409EFF 100%)',
    boxShadow: tokens.shadow8,
    flexWrap: 'wrap',
  },
  heroText: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, flex: 1, minWidth: '240px' },
  heroMeta: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap', opacity: 0.92 },
  roleBadge: { backgroundColor: 'rgba(255,255,255,0.2)', color: '#fff', border: 'none' },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  stat: { padding: tokens.spacingHorizontalL },
  statValue: {
    fontSize: '30px',
    lineHeight: '36px',
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorBrandForeground1,
  },
  statLabel: { color: tokens.colorNeutralForeground3 },
  links: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))',
    gap: tokens.spacingHorizontalM,
  },
  link: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingHorizontalM,
    textDecorationLine: 'none',
    color: tokens.colorNeutralForeground1,
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    cursor: 'pointer',
    textAlign: 'left',
    fontFamily: 'inherit',
    transitionDuration: tokens.durationFast,
    transitionProperty: 'box-shadow, border-color',
    ':hover': {
      boxShadow: tokens.shadow4,
      borderTopColor: tokens.colorBrandStroke1,
      borderRightColor: tokens.colorBrandStroke1,
      borderBottomColor: tokens.colorBrandStroke1,
      borderLeftColor: tokens.colorBrandStroke1,
    },
  },
  linkIcon: {
    width: '36px',
    height: '36px',
    flexShrink: 0,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    borderRadius: tokens.borderRadiusLarge,
    color: tokens.colorBrandForeground1,
    backgroundColor: tokens.colorBrandBackground2,
  },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  sectionHead: { display: 'flex', alignItems: 'center', justifyContent: 'space-between' },
  muted: { color: tokens.colorNeutralForeground3 },
})

/** /wel/index: the staff home — who I am, today, where I can go, what awaits me. */
export default function Welcome() {
  const { t, i18n } = useTranslation('pages')
  const s = useStyles()
  const navigate = useNavigate()
  const { user: tokenUser, roles } = useSession()
  const info = useFetch<UserInfo>('/api/blade-auth/oauth/user-info', undefined, { silent: true }).data
  const menu = useMenu()
  const openMenu = useMenuNavigation()
  // The screens I can reach: the menu's leaves (role restrictions already applied by the shell), in menu order.
  const links = menu.loaded
    ? flatten(menu.tree)
        .filter((m) => !m.children?.length && m.path)
        .slice(0, QUICK_LINKS)
    : null
  const unread = useUnread()
  const isAdmin = roles.some((r) => ADMIN_ROLES.includes(r))
  // The figures need user-list rights; without them the card says so.
  const totalsQuery = useFetch<UserTotal>('/api/blade-system/user/getUserTotal', undefined, {
    silent: true,
    enabled: isAdmin,
  })
  const totals = totalsQuery.isError ? 'none' : (totalsQuery.data ?? null)

  const name = info?.real_name || tokenUser?.real_name || tokenUser?.account || ''
  // Role names are stored in Chinese; English shows the role aliases, which are English words.
  const en = i18n.language === 'en'
  const roleNames = (en ? (info?.roles ?? roles) : (info?.role_names || tokenUser?.role_name || '').split(',')).filter(
    Boolean,
  )
  const dept = info?.dept_name || tokenUser?.dept_name
  const now = new Date()
  const date = new Intl.DateTimeFormat(en ? 'en-GB' : 'zh-CN', { dateStyle: 'full' }).format(now)

  return (
    <div className={s.root} data-testid="welcome">
      <div className={s.hero}>
        <Avatar size={72} name={name} image={info?.avatar ? { src: info.avatar } : undefined} color="colorful" />
        <div className={s.heroText}>
          <Text as="h1" size={700} weight="semibold" data-testid="welcome-greeting">
            {t(`welcome.${greetingKey(now.getHours())}`, { name })}
          </Text>
          <div className={s.heroMeta}>
            <span>
              <CalendarLtrRegular /> {t('welcome.today', { date })}
            </span>
            {dept && (
              <span>
                <PeopleRegular /> {dept}
              </span>
            )}
          </div>
          <div className={s.heroMeta}>
            {roleNames.map((r) => (
              <Badge key={r} className={s.roleBadge} appearance="filled" data-testid="welcome-role">
                {r}
              </Badge>
            ))}
          </div>
        </div>
        <Button appearance="secondary" icon={<PersonRegular />} onClick={() => navigate('/info/index')}>
          {t('welcome.profile')}
        </Button>
      </div>

      <div className={s.grid}>
        <Card className={s.stat}>
          <CardHeader
            image={<AlertRegular fontSize={24} color={tokens.colorPaletteRedForeground1} />}
            header={<Text weight="semibold">{t('welcome.unread')}</Text>}
          />
          <div className={s.statValue} data-testid="welcome-unread">
            {unread ?? '–'}
          </div>
          <Text size={200} className={s.statLabel}>
            {t('welcome.unreadHint')}
          </Text>
        </Card>
        {isAdmin &&
          totals !== 'none' &&
          (['total', 'active', 'pending', 'locked'] as const).map((k) => (
            <Card key={k} className={s.stat}>
              <CardHeader header={<Text weight="semibold">{t(`welcome.${k}`)}</Text>} />
              {totals ? (
                <div className={s.statValue} data-testid={`welcome-users-${k}`}>
                  {totals[k]}
                </div>
              ) : (
                <Skeleton aria-label={t('common:loading')}>
                  <SkeletonItem size={36} />
                </Skeleton>
              )}
            </Card>
          ))}
        {isAdmin && totals === 'none' && (
          <Card className={s.stat}>
            <CardHeader header={<Text weight="semibold">{t('welcome.figures')}</Text>} />
            <Text className={s.muted}>{t('welcome.figuresUnavailable')}</Text>
          </Card>
        )}
      </div>

      <section className={s.section}>
        <div className={s.sectionHead}>
          <Text as="h2" size={500} weight="semibold">
            {t('welcome.quickLinks')}
          </Text>
          {isAdmin && (
            <Link onClick={() => navigate('/wel/dashboard')}>
              {t('welcome.dashboard')} <ArrowRightRegular />
            </Link>
          )}
        </div>
        {!links && (
          <Skeleton aria-label={t('common:loading')}>
            <SkeletonItem size={48} />
          </Skeleton>
        )}
        {links?.length === 0 && <Text className={s.muted}>{t('welcome.noLinks')}</Text>}
        {links && links.length > 0 && (
          <div className={s.links} data-testid="welcome-links">
            {links.map((l) => (
              <button key={l.id} type="button" className={s.link} onClick={() => openMenu(l)}>
                <span className={s.linkIcon}>
                  <MenuIcon name={l.source} />
                </span>
                <Text weight="medium">{menuLabel(l, i18n.language)}</Text>
              </button>
            ))}
          </div>
        )}
      </section>
    </div>
  )
}
