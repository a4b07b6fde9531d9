import { describe, expect, it } from 'vitest'
import { badgeText } from './badge'
import { registerProblem } from './register-rules'
import { unreadCount } from './unread'

describe('error-log badge', () => {
  it('is capped at 99', () => {
    expect(badgeText(0)).toBe('0')
    expect(badgeText(7)).toBe('7')
    expect(badgeText(99)).toBe('99')
    expect(badgeText(100)).toBe('99+')
    expect(badgeText(5000)).toBe('99+')
  })
})

describe('registration checks, in the spec order', () => {
  const ok = { tenantId: '000000', name: 'N', account: 'acc', password: 'p', password2: 'p' }
  it('tenant first, even when everything else is missing', () => {
    expect(registerProblem({ tenantId: '', name: '', account: '', password: '', password2: 'x' })).toEqual({
      field: 'tenantId',
      key: 'widgets:register.tenantRequired',
    })
  })
  it('then the account', () => {
    expect(registerProblem({ ...ok, account: ' ', password: '' })?.key).toBe('widgets:register.accountRequired')
  })
  it('then both passwords present', () => {
    expect(registerProblem({ ...ok, password: '' })).toEqual({
      field: 'password',
      key: 'widgets:register.passwordRequired',
    })
    expect(registerProblem({ ...ok, password2: '' })).toEqual({
      field: 'password2',
      key: 'widgets:register.passwordRequired',
    })
  })
  it('then equal', () => {
    expect(registerProblem({ ...ok, password2: 'q' })).toEqual({
      field: 'password2',
      key: 'widgets:register.passwordMismatch',
    })
    expect(registerProblem(ok)).toBeNull()
  })
})

describe('unread count', () => {
  it('counts isRead 1 in a list, or takes a page total', () => {
    expect(unreadCount([{ isRead: 1 }, { isRead: 0 }, { isRead: 1 }])).toBe(2)
    expect(unreadCount({ records: [], total: 5 })).toBe(5)
    expect(unreadCount(null)).toBe(0)
  })
})
