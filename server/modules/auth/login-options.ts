import { and, eq } from 'drizzle-orm'
import { param } from '../../../db/schema/index.ts'
import type { Config } from '../../lib/config.ts'
import type { Db } from '../../lib/db.ts'
import { first } from '../../lib/rows.ts'
import { tenantRows } from '../../lib/tenant-rows.ts'

/** The tenant parameter an administrator flips (系统参数) to require a captcha at sign-in and registration. */
export const CAPTCHA_PARAM = 'account.captchaMode'

const ON = new Set(['1', 'true', 'on', 'yes'])

async function paramValue(db: Db, tenantId: string, key: string): Promise<string | undefined> {
  const row = await first(
    db
      .select({ v: param.paramValue })
      .from(param)
      .where(and(tenantRows(param, tenantId, { why: 'read before anyone signed in' }), eq(param.paramKey, key))),
  )
  return row?.v.trim().toLowerCase()
}

/**
 * Whether signing in to (and registering with) `tenantId` needs a captcha,
 * read on every call so a change of the parameter takes effect at once, with
 * no restart and no rebuild of the web app. ATRIUM_CAPTCHA_MODE=on forces it
 * on for every tenant (an appliance exposed to the internet).
 */
export async function captchaRequired(db: Db, config: Config, tenantId: string): Promise<boolean> {
  if (config.captchaMode) return true
  return ON.has((await paramValue(db, tenantId, CAPTCHA_PARAM)) ?? '')
}

/**
 * What the sign-in page needs to know before anyone signs in (public): the
 * captcha mode and whether the tenant takes staff account applications.
 */
export async function loginOptions(db: Db, config: Config, tenantId: string) {
  return {
    captchaMode: await captchaRequired(db, config, tenantId),
    registerOpen: ((await paramValue(db, tenantId, 'account.registerUser')) ?? 'true') === 'true',
  }
}
