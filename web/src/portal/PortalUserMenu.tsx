import { Avatar, Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { siteConfig } from '../shared/config'
import { useSession } from '../shared/session'
import { logout } from '../admin/shell/logout'
import './locale'

/** The signed-in visitor's menu in the portal header: user centre, the back office for staff, sign-out. */
export default function PortalUserMenu() {
  const { t } = useTranslation('portal')
  const navigate = useNavigate()
  const { user } = useSession()
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          icon={<Avatar size={24} name={user?.real_name} image={user?.avatar ? { src: user.avatar } : undefined} />}
          data-testid="portal-user"
        >
          {user?.real_name || user?.account}
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuItem onClick={() => navigate('/home/user-center')}>{t('userCenter')}</MenuItem>
          {user && !user.role_name.split(',').every((r) => r === 'student') && (
            <MenuItem onClick={() => navigate(siteConfig.homePath)} data-testid="portal-console">
              {t('console')}
            </MenuItem>
          )}
          <MenuItem
            onClick={async () => {
              await logout()
              navigate('/home/index')
            }}
            data-testid="portal-logout"
          >
            {t('logout')}
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  )
}
