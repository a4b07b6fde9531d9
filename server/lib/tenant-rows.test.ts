/**
 * The shared tenant bounds (tenant-rows.ts): one SQL object per table and tenant, reused by every list. A bound asked
 * for tenant '' once (code generation's dictionary look-up did) must not become the all-tenants bound of a global
 * table: the system dictionary screen then read `tenant_id = ''` and showed nothing until a restart.
 */
import { describe, expect, it } from 'vitest'
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core'
import { dict } from '../../db/schema/index.ts'
import { tenantBounds } from './tenant-rows.ts'

const text = (s: ReturnType<typeof tenantBounds>) => new SQLiteSyncDialect().sqlToQuery(s)

describe('tenant bounds', () => {
  it('keeps a tenant, the empty tenant id and all tenants apart', () => {
    const empty = text(tenantBounds(dict, ''))
    const all = text(tenantBounds(dict, undefined))
    expect(empty.params).toContain('')
    expect(all.sql).not.toContain('tenant_id')
    expect(text(tenantBounds(dict, '000000')).params).toContain('000000')
    // The same object again for the same table and tenant: lists render it once.
    expect(tenantBounds(dict, '000000')).toBe(tenantBounds(dict, '000000'))
  })
})
