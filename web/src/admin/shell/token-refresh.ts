import { useEffect } from 'react'
import { api } from '../../shared/api'
import { siteConfig } from '../../shared/config'
import { session, type TokenResponse } from '../../shared/session'

let refreshing = false

/** One refresh with grant_type refresh_token (the token itself rides in the server's HttpOnly cookie); a refused refresh signs out through the 401 path. */
export async function refreshNow(extra: Record<string, string> = {}): Promise<boolean> {
  const { token, tenantId } = session.get()
  if (!token || refreshing) return false
  refreshing = true
  try {
    const r = await api.token({ grant_type: 'refresh_token', tenantId, scope: 'all', ...extra })
    if (typeof r.access_token !== 'string') return false
    session.save(r as unknown as TokenResponse, { fresh: false })
    return true
  } finally {
    refreshing = false
  }
}

/** Spec §4: every 10 s, refresh when the token's age reaches the configured token time and none is in flight. */
export function useTokenRefresh() {
  useEffect(() => {
    const timer = setInterval(() => {
      const { token, tokenTime } = session.get()
      if (token && !refreshing && Date.now() / 1000 - tokenTime >= siteConfig.tokenTime) void refreshNow()
    }, siteConfig.tokenCheckMs)
    return () => clearInterval(timer)
  }, [])
}
