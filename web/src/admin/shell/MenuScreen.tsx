import { Navigate, useLocation } from 'react-router-dom'
import NotFound from '../pages/NotFound'
import { screens } from '../screens'
import { useMenu } from './menu-store'
import { flatten } from './menu-tree'
import Loading from '../../shared/Loading'

/**
 * Every admin route not fixed in the router: the menu decides. A path the
 * user's menu has and a screen exists for renders it; a menu path without a
 * screen shows the 404 inside the shell; any other path goes to /404.
 */
export default function MenuScreen() {
  const { pathname } = useLocation()
  const { tree, loaded } = useMenu()
  if (!loaded) return <Loading />
  const inMenu = flatten(tree).some((m) => m.path === pathname)
  const Screen = screens[pathname]
  if (inMenu && Screen) return <Screen />
  if (inMenu) return <NotFound />
  return <Navigate to="/404" replace />
}
