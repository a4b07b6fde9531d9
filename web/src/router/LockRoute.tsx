import { Navigate, useNavigate } from 'react-router-dom'
import Lock from '../admin/pages/Lock'
import { lockStore, useLock } from '../admin/shell/lock-store'
import { logout } from '../admin/shell/logout'
import { siteConfig } from '../shared/config'
import { useSession } from '../shared/session'

/** /lock: while locked every admin route comes here; the right password goes back to the welcome page. */
export default function LockRoute() {
  const navigate = useNavigate()
  const { token } = useSession()
  const { locked } = useLock()
  if (!token) return <Navigate to="/login" replace />
  if (!locked) return <Navigate to={siteConfig.homePath} replace />
  return (
    <Lock
      unlock={(password) => {
        const ok = lockStore.unlock(password)
        if (ok) navigate(siteConfig.homePath, { replace: true })
        return ok
      }}
      signOut={async () => {
        await logout()
        navigate('/login', { replace: true })
      }}
    />
  )
}
