/**
 * One registry-driven walk over the whole API (DESIGN: tests): every route
 * declares a permission code or stands on a short allowlist, and every
 * resource keeps tenants apart and students out.
 */
import { describe, expect, it } from 'vitest'
import { and, eq, getTableColumns, ne } from 'drizzle-orm'
import { getTableConfig as pgTableConfig, type PgTable } from 'drizzle-orm/pg-core'
import { getTableConfig, type SQLiteColumn, type SQLiteTable } from 'drizzle-orm/sqlite-core'
import { menu } from '../../db/schema/index.ts'
import { newId } from '../../server/lib/ids.ts'
import { first } from '../../server/lib/rows.ts'
import { resourceRegistry } from '../../server/lib/resource.ts'
import { actionPath } from '../../server/lib/resource-actions.ts'
import { recordUsual } from '../../server/lib/logs.ts'
import { onPostgres } from '../support/engine.ts'
import { testApp } from '../support/harness.ts'

/** Routes anyone may call. Keep this list short; each entry is a deliberate decision. */
const PUBLIC = new Set([
  'GET /api/health',
  'POST /api/blade-auth/oauth/token',
  'GET /api/blade-auth/oauth/captcha',
  // What the sign-in page must show before anyone signs in: the captcha mode and whether staff may apply.
  'GET /api/blade-auth/oauth/login-options',
  'POST /api/blade-system/user/register-guest',
  // The lost password: who forgot it cannot sign in (the link is mailed; both answer alike for any account).
  'POST /api/blade-auth/password/forgot',
  'POST /api/blade-auth/password/reset',
  'GET /api/blade-system/tenant/info',
  'GET /api/blade-system/dict/dictionary',
  'GET /api/blade-system/dict-biz/dictionary',
  'GET /upload/*',
  // The portal's experiment catalogue, open to visitors (no env, no code folder in it).
  'GET /api/nop-wbp/experiment/list',
  'GET /api/nop-wbp/experiment/detail',
  // A browser cannot send headers on a WebSocket: the lab terminal authenticates in its first frame.
  'WS /api/hm-experiment/experiment/terminal',
  // The learner portal (spec §2: portal pages are public): listed courses, series, banners, published news,
  // downloads (files only through the lead form), cloud document folders (files only for signed-in users).
  'GET /api/nep-wbp/course/list',
  'GET /api/nep-wbp/course/hotCourse',
  'GET /api/nop-wbp/course/detail',
  'GET /api/nep-wbp/course/getCourseDetail',
  'GET /api/nep-wbp/course/getCourseSection',
  'GET /api/nep-wbp/courseEvaluate/detail',
  'GET /api/nep-wbp/courseSeries/getCourseSeriesList',
  'GET /api/nep-wbp/courseSeries/getCourseSeries',
  'GET /api/nop-wbp/banner/getBannerByType',
  'GET /api/nop-wbp/blog/list',
  'GET /api/nop-wbp/blog/detail',
  'GET /api/nop-wbp/notice/list',
  'GET /api/nop-wbp/notice/detail',
  'GET /api/nop-wbp/download/list',
  'POST /api/nop-wbp/downloadMessage/save',
  'GET /api/nop-wbp/folder/lazy-tree',
  'GET /api/nop-wbp/folder/getDocument',
  'GET /api/nop-wbp/document/detail',
  // Portal sign-up by phone: the code goes through the SMS provider; the account is a student of the host's tenant.
  'GET /api/nop-wbp/send/msg',
  'POST /api/nop-wbp/user/addUser',
  // A device's firmware download: the link is signed for one upgrade task (server/modules/iot/ota-rollout.ts).
  'GET /api/blade-productOta/productOta/firmware/:task',
  // Payment notifications: Alipay and WeChat Pay call them; each is believed only once its signature verifies.
  'POST /api/blade-pay/alipay/notify',
  'POST /api/blade-pay/wxpay/notify',
  // The portal's IoT hardware pages (spec portal §2): products, their devices and one device, no secrets.
  'GET /api/nop-wbp/iot/product/list',
  'GET /api/nop-wbp/iot/device/list',
  'GET /api/nop-wbp/iot/device/detail',
  'GET /api/nop-wbp/iot/device/series',
  // Published competitions (paperTime category 1/2): no candidate lists, no papers.
  'GET /api/nop-wbp/paperTime/list',
  'GET /api/nop-wbp/paperTime/detail',
])

/** Routes any signed-in user may call: they only ever touch the caller's own data. */
const SELF_SERVICE = new Set([
  'GET /api/blade-auth/oauth/user-info',
  'GET /api/blade-auth/oauth/logout',
  'POST /api/blade-auth/oauth/logout',
  'GET /api/blade-auth/oauth/clear-cache',
  'POST /api/blade-resource/oss/endpoint/put-file',
  'GET /api/blade-system/menu/routes',
  'GET /api/blade-system/menu/buttons',
  'GET /api/blade-system/menu/top-menu',
  'GET /api/blade-system/user/info',
  // Regions are shared reference data for address pickers (read-only here; writes need system:region codes).
  'GET /api/blade-system/region/lazy-tree',
  'GET /api/blade-system/region/lazy-list',
  'GET /api/blade-system/region/detail',
  'POST /api/blade-system/user/update-info',
  'POST /api/blade-system/user/update-password',
  'GET /api/blade-message/message/my/topList',
  'GET /api/blade-message/message/my/list',
  'GET /api/blade-message/message/my/sendList',
  'GET /api/blade-message/message/sendDetail',
  'GET /api/blade-message/message/detail',
  'POST /api/blade-message/message/remove',
  'POST /api/blade-message/message/readAll',
  // A learner's own exam sittings: every call finds the sitting by the caller's user id.
  'GET /api/nep-wbp/paperTime/showPaperMessage',
  'GET /api/nep-wbp/paperQuestion/toAnswer',
  'POST /api/nep-wbp/paperQuestion/saveAnswer',
  'POST /api/nep-wbp/paperQuestion/saveAnswers',
  'POST /api/nep-wbp/paperTimeUser/submitPaper',
  'GET /api/nep-wbp/paperTime/lookMyPaperTime',
  'GET /api/nep-wbp/paperTime/lookExamRecords',
  'GET /api/nep-wbp/paperTimeUser/myCompetitions',
  'GET /api/nep-wbp/paperTimeUser/review',
  // Labs: each call reaches only the caller's own container (or its tenant's experiment catalogue and steps).
  'GET /api/hm-experiment/experiment/getExperimentPage',
  'GET /api/hm-experiment/experiment/openExperimentToContainer',
  'GET /api/hm-experiment/experiment/getConteiner',
  'GET /api/hm-experiment/experiment/labState',
  'GET /api/hm-experiment/experiment/openExperimentToFile',
  // The frame address of a web lab: the owner's, or a ticket for staff who may watch (checked inside).
  'GET /api/hm-experiment/experiment/webUrl',
  'GET /api/hm-experimentStep/experimentStep/getSteps',
  'POST /api/nep-wbp/experimentUser/signUp',
  'GET /api/nep-wbp/experiment/resetExperiment',
  'GET /api/nep-wbp/experiment/getContainerFile',
  'POST /api/nep-wbp/experiment/uploadContainerFile',
  'GET /api/hm-userContainer/userContainer/refreshContainerTime',
  // A learner's own enrolment, progress, rating and cards (server/modules/portal).
  'POST /api/nep-wbp/courseUser/signUp',
  'GET /api/nep-wbp/courseUser/showMyCourse',
  'POST /api/nep-wbp/courseStatistics/save',
  'POST /api/nep-wbp/courseEvaluate/submit',
  'GET /api/nep-wbp/courseCard/checkCard',
  'GET /api/nep-wbp/courseCard/useCard',
  'GET /api/nep-wbp/courseCard/getUseList',
  // The study assistant: its state and asking, within the caller's school and the courses the caller may see.
  'GET /api/blade-assistant/question/state',
  'POST /api/blade-assistant/question/ask',
  // Practice works on the caller's own favourites, wrong-answer book and teams.
  'GET /api/nep-wbp/question/practice',
  'GET /api/nep-wbp/question/typeNumber',
  'POST /api/nep-wbp/question/checkAnswer',
  'POST /api/nep-wbp/question/checkAnswers',
  'GET /api/nep-wbp/question/lookQuestionMes',
  'POST /api/nep-wbp/question/toPaperByRequire',
  'GET /api/nep-wbp/question/getTeamQuestion',
  'GET /api/nep-wbp/question/getRandomTeamQuestion',
  'GET /api/nep-wbp/question/getTeamQuestionTypeNumber',
  'GET /api/nep-wbp/team/page-card',
  'POST /api/nep-wbp/userQuestionCollect/saveQuestionCollect',
  'GET /api/nep-wbp/userQuestionCollect/cancelQuestionCollect',
  'GET /api/nep-wbp/userQuestionCollect/lookQuestionCollects',
  'POST /api/nep-wbp/logUserQuestion/saveErrorQuestion',
  'GET /api/nep-wbp/logUserQuestion/showErrorQuestion',
  'GET /api/nep-wbp/logUserQuestion/removeErrorQuestion',
  // A learner's own orders: placed for the caller, found by the caller's user id (server/modules/pay/own-order.ts).
  'POST /api/blade-pay/order/submit',
  'GET /api/blade-pay/order/checkOrderStatus',
  'GET /api/blade-pay/order/my',
  'POST /api/blade-pay/wxpay/nativePay',
  'POST /api/blade-pay/wxpay/jsPay',
  'POST /api/blade-pay/wxpay/wxAppPay',
  'POST /api/blade-pay/wxpay/h5Pay',
  'POST /api/blade-pay/wxpay/appPay',
  'POST /api/blade-pay/alipay/nativePay',
  'POST /api/blade-pay/alipay/jsPay',
  'POST /api/blade-pay/alipay/pcPay',
  'POST /api/blade-pay/alipay/h5Pay',
  'POST /api/blade-pay/alipay/appPay',
  'POST /api/blade-pay/merge/nativePay',
  'POST /api/blade-pay/merge/mobilePay',
])

const codesOf = (route: { hooks?: { transform?: unknown } }): string[] => {
  const bh = route.hooks?.transform
  const list = (Array.isArray(bh) ? bh : bh ? [bh] : []) as { fn?: { permCodes?: string[] }; permCodes?: string[] }[]
  return list.flatMap((f) => (f.fn ?? f).permCodes ?? [])
}

describe('permission matrix', async () => {
  const t = await testApp()
  const routes = t.app.routes
    .filter((r) => r.path.startsWith('/api/') || r.path.startsWith('/upload/'))
    .map((r) => ({ key: `${r.method} ${r.path}`, method: r.method, path: r.path, codes: codesOf(r as never) }))

  it('every route declares a permission code, or is on the public or self-service allowlist', () => {
    expect(routes.length).toBeGreaterThan(20)
    // A plugin mounted under another's prefix doubles the path; no contract path looks like that.
    expect(routes.filter((r) => r.path.lastIndexOf('/api/blade-') > 0).map((r) => r.key)).toEqual([])
    const undeclared = routes.filter((r) => r.codes.length === 0).map((r) => r.key)
    expect(undeclared).toEqual([])
    const publicNotListed = routes.filter((r) => r.codes.includes('public') && !PUBLIC.has(r.key)).map((r) => r.key)
    expect(publicNotListed).toEqual([])
    const selfNotListed = routes.filter((r) => r.codes.includes('auth') && !SELF_SERVICE.has(r.key)).map((r) => r.key)
    expect(selfNotListed).toEqual([])
  })

  it('every permission code a route asks for can be granted through a menu', async () => {
    const menuCodes = new Set((await t.services.db.select({ code: menu.code }).from(menu)).map((m) => m.code))
    const missing = [...new Set(routes.flatMap((r) => r.codes))].filter(
      (c) => c !== 'public' && c !== 'auth' && !menuCodes.has(c),
    )
    expect(missing).toEqual([])
  })

  it('without a token every non-public route answers 401', async () => {
    const wrong: string[] = []
    for (const r of routes.filter((r) => !r.codes.includes('public'))) {
      const res = await t.call(r.method, r.path.replace('*', 'x'), r.method === 'POST' ? { body: {} } : {})
      if (res.status !== 401) wrong.push(`${r.key} → ${res.status}`)
    }
    expect(wrong).toEqual([])
  })

  it('a student gets 403 from every route guarded by a code', async () => {
    const student = await t.token('student')
    const wrong: string[] = []
    for (const r of routes.filter((r) => !r.codes.includes('public') && !r.codes.includes('auth'))) {
      const res = await t.call(r.method, r.path, { token: student, ...(r.method === 'POST' ? { body: {} } : {}) })
      if (res.status !== 403) wrong.push(`${r.key} → ${res.status}`)
    }
    expect(wrong).toEqual([])
  })

  it('every tenant resource answers 404 to another tenant for detail, submit and remove', async () => {
    const admin = await t.token('admin')
    // Fill the logs with real events, so they too have rows to clone.
    await t.post('/api/blade-auth/oauth/logout', admin, [{ type: 'error', message: 'matrix', url: '/x' }])
    await recordUsual(t.services, '000000', 'matrix event')
    const checked: string[] = []
    for (const res of resourceRegistry.filter((r) => !r.options.global)) {
      const table = res.options.table as SQLiteTable
      const cols = getTableColumns(table) as Record<string, SQLiteColumn>
      if (!cols.tenantId) continue
      // Clone any existing row into tenant 100001: every table gets a row of another tenant without per-table fixtures.
      const where = cols.isDeleted
        ? and(ne(cols.tenantId, '100001'), eq(cols.isDeleted, 0))
        : ne(cols.tenantId, '100001')
      const source = (await first(t.services.db.select().from(table).where(where))) as
        Record<string, unknown> | undefined
      expect(source, `${res.options.path} has no row to clone: seed one`).toBeTruthy()
      const id = newId()
      // Columns unique across tenants (a product's broker key) get a fresh value in the clone.
      const unique = new Set(
        // db/schema's tables are the engine's own (db/schema/dialect.ts): pg-core's on PostgreSQL.
        (onPostgres ? pgTableConfig(table as unknown as PgTable) : getTableConfig(table)).indexes
          .filter((i) => i.config.unique)
          .flatMap((i) => i.config.columns.map((c) => (c as SQLiteColumn).name)),
      )
      const fresh = Object.fromEntries(
        Object.entries(cols)
          .filter(([k, c]) => unique.has(c.name) && k !== 'tenantId' && typeof source![k] === 'string')
          .map(([k]) => [k, `${source![k]}-${id}`]),
      )
      await t.services.db.insert(table).values({ ...source!, ...fresh, id, tenantId: '100001' } as never)
      const paths = res.routes(t.services).routes.map((r) => r.path)
      const base = res.options.path
      if (paths.includes(`${base}/detail`))
        expect((await t.get(`${base}/detail`, admin, { id })).status, `${base}/detail`).toBe(404)
      if (paths.includes(`${base}/submit`))
        expect((await t.post(`${base}/submit`, admin, { id })).status, `${base}/submit`).toBe(404)
      if (paths.includes(`${base}/remove`))
        expect((await t.post(`${base}/remove`, admin, undefined, { ids: id })).status, `${base}/remove`).toBe(404)
      // Declared actions name their rows the same way: another tenant's row is not there for them either.
      for (const [name, a] of Object.entries(res.options.actions ?? {})) {
        if (!a.target) continue
        const path = actionPath(base, name, a)
        const query = { ['one' in a.target ? a.target.one : a.target.many]: id }
        const r = await t.call(a.method ?? 'POST', path, {
          token: admin,
          query,
          body: a.method === 'GET' ? undefined : {},
        })
        expect(r.status, path).toBe(404)
        checked.push(path)
      }
      checked.push(base)
    }
    expect(checked.length).toBeGreaterThan(0)
  })
})
