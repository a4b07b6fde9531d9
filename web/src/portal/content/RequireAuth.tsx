import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router-dom'
import { useSession } from '../../shared/session'

/** Spec §2 guest rule: a protected portal route sends a guest to /home/user-login, who returns here after signing in. */
export default function RequireAuth({ children }: { children: ReactNode }) {
  const { token } = useSession()
  const { pathname, search } = useLocation()
  if (!token) return <Navigate to={`/home/user-login?redirect=${encodeURIComponent(pathname + search)}`} replace />
  return <>{children}</>
}
