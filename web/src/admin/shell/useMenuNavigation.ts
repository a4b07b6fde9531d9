import { useNavigate } from 'react-router-dom'
import { frameRoute, isWebAddress, type MenuItem } from './menu-tree'

/** Opening a menu entry: a new window when isOpen, the embedded frame for web addresses, else the route. */
export function useMenuNavigation() {
  const navigate = useNavigate()
  return (m: Pick<MenuItem, 'path' | 'isOpen'>) => {
    if (!m.path) return
    const target = isWebAddress(m.path) ? frameRoute(m.path) : m.path
    if (m.isOpen === 1) window.open(isWebAddress(m.path) ? m.path : target, '_blank', 'noopener')
    else navigate(target)
  }
}
