/** The registration form of a third-party-login user (spec §3 "Registration form"). */
export interface RegisterForm {
  tenantId: string
  name: string
  account: string
  password: string
  password2: string
}

/**
 * The spec's checks, in its order (§5): tenant, account, both passwords
 * present, passwords equal. Only the first failure is reported.
 */
export function registerProblem(f: RegisterForm): { field: keyof RegisterForm; key: string } | null {
  if (!f.tenantId.trim()) return { field: 'tenantId', key: 'widgets:register.tenantRequired' }
  if (!f.account.trim()) return { field: 'account', key: 'widgets:register.accountRequired' }
  if (!f.password || !f.password2)
    return { field: f.password ? 'password2' : 'password', key: 'widgets:register.passwordRequired' }
  if (f.password !== f.password2) return { field: 'password2', key: 'widgets:register.passwordMismatch' }
  return null
}
