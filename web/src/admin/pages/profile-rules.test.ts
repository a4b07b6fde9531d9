import { describe, expect, it } from 'vitest'
import { AVATAR_MAX_BYTES, avatarProblem, emailProblem, passwordProblem, phoneProblem } from './profile-rules'

describe('profile rules', () => {
  it('phone: empty, not 11 digits, 11 digits', () => {
    expect(phoneProblem('')).toBe('common:phoneEmpty')
    expect(phoneProblem('   ')).toBe('common:phoneEmpty')
    expect(phoneProblem('1380013800')).toBe('common:phoneLength')
    expect(phoneProblem('138001380001')).toBe('common:phoneLength')
    expect(phoneProblem('1380013800a')).toBe('common:phoneLength')
    expect(phoneProblem('13800138000')).toBeNull()
  })

  it('e-mail is optional but must be name@domain', () => {
    expect(emailProblem('')).toBeNull()
    expect(emailProblem('someone@school.example')).toBeNull()
    expect(emailProblem('someone')).toBe('common:emailInvalid')
    expect(emailProblem('someone@school')).toBe('common:emailInvalid')
  })

  it('avatar: jpg or png, at most 500 KB', () => {
    expect(avatarProblem({ name: 'me.png', type: 'image/png', size: AVATAR_MAX_BYTES })).toBeNull()
    expect(avatarProblem({ name: 'me.jpg', type: 'image/jpeg', size: 1000 })).toBeNull()
    expect(avatarProblem({ name: 'me.png', type: 'image/png', size: AVATAR_MAX_BYTES + 1 })).toBe(
      'pages:info.avatarSize',
    )
    expect(avatarProblem({ name: 'me.gif', type: 'image/gif', size: 1000 })).toBe('pages:info.avatarType')
    expect(avatarProblem({ name: 'me.webp', type: 'image/webp', size: 10 })).toBe('pages:info.avatarType')
    // The type check comes first: a big gif is refused for its type.
    expect(avatarProblem({ name: 'big.gif', type: 'image/gif', size: AVATAR_MAX_BYTES * 4 })).toBe(
      'pages:info.avatarType',
    )
  })

  it('password change: every field, then the two new ones must match', () => {
    expect(passwordProblem({ oldPassword: '', newPassword: 'a', newPassword1: 'a' })?.field).toBe('oldPassword')
    expect(passwordProblem({ oldPassword: 'o', newPassword: '', newPassword1: 'a' })?.field).toBe('newPassword')
    expect(passwordProblem({ oldPassword: 'o', newPassword: 'a', newPassword1: '' })?.field).toBe('newPassword1')
    expect(passwordProblem({ oldPassword: 'o', newPassword: 'a', newPassword1: 'b' })).toEqual({
      field: 'newPassword1',
      key: 'pages:info.passwordMismatch',
    })
    expect(passwordProblem({ oldPassword: 'o', newPassword: 'a', newPassword1: 'a' })).toBeNull()
  })
})
