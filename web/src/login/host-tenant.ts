import { siteConfig } from '../shared/config'
import { useFetch } from '../shared/data'

export interface HostTenant {
  tenantId: string
  tenantName?: string
}

/**
 * The school the page's host name belongs to (its tenant's `domain`), for the
 * sign-in and application forms: found, the tenant field is hidden and filled
 * (spec: "hidden when the tenant is found from the host"). The platform's own
 * host (the demo seeds `localhost` for 000000) is the entry every school may
 * use, so it does not hide the field: a school's administrator types the
 * school's number there, while the school's own domain needs no number.
 */
export function useHostTenant(enabled = true): { tenant: HostTenant | null; loading: boolean } {
  const q = useFetch<HostTenant | null>(
    '/api/blade-system/tenant/info',
    { domain: location.hostname },
    { silent: true, enabled, staleTime: Infinity },
  )
  const found = q.data?.tenantId && q.data.tenantId !== siteConfig.defaultTenantId ? q.data : null
  return { tenant: found, loading: enabled && q.isLoading }
}
