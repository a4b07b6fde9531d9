import { siteConfig } from '../shared/config'
import { useFetch } from '../shared/data'

export interface LoginOptions {
  /** Sign-in and registration need a captcha (grant_type captcha). */
  captchaMode: boolean
  /** The tenant takes staff account applications (parameter account.registerUser). */
  registerOpen: boolean
}

/**
 * The server's sign-in options for a tenant, read when the page opens rather
 * than built in (siteConfig.captchaMode is only the answer until it arrives):
 * an administrator who switches the captcha parameter needs no rebuild.
 */
export function useLoginOptions(tenantId?: string) {
  const q = useFetch<LoginOptions>(
    '/api/blade-auth/oauth/login-options',
    { tenantId: tenantId?.trim() || siteConfig.defaultTenantId },
    { silent: true, staleTime: 0 },
  )
  return {
    captchaMode: q.data?.captchaMode ?? siteConfig.captchaMode,
    registerOpen: q.data?.registerOpen ?? true,
    /** Asks again (after a refusal that may come from a changed setting). */
    refresh: () => void q.refetch(),
  }
}
