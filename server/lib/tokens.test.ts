import { describe, expect, it } from 'vitest'
import { signAccess, verifyAccess, type AccessClaims } from './tokens.ts'

/** verifyAccess remembers tokens it checked (a client repeats its token with every request); the memory must never accept more than the check would. */
describe('access tokens: remembered checks', () => {
  const claims: AccessClaims = { sub: '1', tid: '000000', sid: 's1', acc: 'a', rid: '', did: '', cid: 'saber' }

  it('a checked token is accepted again; another secret or a changed token is not', async () => {
    const token = await signAccess('secret-one', claims, 60)
    expect(await verifyAccess('secret-one', token)).toMatchObject({ sub: '1', sid: 's1' })
    expect(await verifyAccess('secret-one', token)).toMatchObject({ sub: '1', sid: 's1' })
    expect(await verifyAccess('secret-two', token)).toBeNull()
    const [h, p, sig] = token.split('.')
    expect(
      await verifyAccess('secret-one', `${h}.${p}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`),
    ).toBeNull()
  })

  it('a remembered token is refused once it expires', async () => {
    const token = await signAccess('secret-one', { ...claims, sid: 's2' }, 1)
    expect(await verifyAccess('secret-one', token)).not.toBeNull()
    await Bun.sleep(2100)
    expect(await verifyAccess('secret-one', token)).toBeNull()
  })
})
