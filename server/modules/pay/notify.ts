import { Elysia } from 'elysia'
import { yuanToFen } from '../../../db/fields/types.ts'
import { authContext } from '../../lib/auth-context.ts'
import type { Services } from '../../lib/context.ts'
import { handWritten } from '../../lib/hand-written.ts'
import { keepOutOfApiLog, recordUsual } from '../../lib/logs.ts'
import { PUBLIC } from '../../lib/permissions.ts'
import { query, text } from '../../lib/request-schema.ts'
import { configById } from './accounts.ts'
import { openAlipayNotice } from './alipay.ts'
import { failRefund } from './refund.ts'
import { applyPaid, applyRefunded, type Applied } from './settle.ts'
import { openWxNotice } from './wxpay.ts'
import { first } from '../../lib/rows.ts'
import { and, eq } from 'drizzle-orm'
import { payRefund } from '../../../db/schema/index.ts'
import { REFUND } from './settle.ts'

// A provider retries a notification until it is answered success: its successful calls stay out of the API log,
// where they would drown the school's own calls. Each applied one is its pay event row and its order's paid time;
// refused ones are still logged there, and in the usual log with the reason.
keepOutOfApiLog('/api/blade-pay/alipay/notify', '/api/blade-pay/wxpay/notify')

const NOTIFY_QUERY = query({ configId: text('the config the notification is for (set in the notify URL we send)') })

/** Refusals are logged for the school (or the platform when the config is unknown): a forged notice leaves a trace. */
async function refused(s: Services, tenantId: string, provider: string, why: string, data: Record<string, unknown>) {
  await recordUsual(s, tenantId, `pay ${provider} notification refused: ${why}`, data)
}

/**
 * The providers' notifications (public: the provider calls them). Nothing in one is believed before its signature
 * verifies with the config the address names; then the app id / merchant, the order and the exact amount are
 * checked, and applyPaid / applyRefunded apply it once. A replay or a concurrent duplicate is answered success
 * (the provider stops retrying) and credits nothing; a refused one is answered failure and changes nothing.
 */
export const notifyRoutes = (s: Services) =>
  handWritten(
    'a provider notification is verified over the exact bytes it sent and answered in the provider’s own format',
    new Elysia({ name: 'pay-notify', seed: s.id })
      .use(authContext(s))
      .post(
        '/api/blade-pay/alipay/notify',
        async ({ request, query: q }) => {
          const fail = () => new Response('fail', { status: 400, headers: { 'content-type': 'text/plain' } })
          const form = Object.fromEntries(new URLSearchParams(await request.text()))
          const config = await configById(s.db, 'alipay', String(q.configId ?? ''))
          if (!config) {
            await refused(s, '000000', 'alipay', 'unknown config', {
              configId: q.configId,
              outTradeNo: form.out_trade_no,
            })
            return fail()
          }
          const notice = await openAlipayNotice(s.db, config, form)
          const why = !notice ? 'bad signature' : notice.app_id !== config.appId ? 'wrong app id' : undefined
          if (why || !notice) {
            await refused(s, config.tenantId, 'alipay', why ?? 'bad signature', {
              configId: config.id,
              outTradeNo: form.out_trade_no,
            })
            return fail()
          }
          // Only a completed trade credits; other states (a trade opened, closed) need no action and are acknowledged.
          if (notice.trade_status !== 'TRADE_SUCCESS' && notice.trade_status !== 'TRADE_FINISHED')
            return new Response('success', { headers: { 'content-type': 'text/plain' } })
          const r = await applyPaid(s.db, {
            provider: 'alipay',
            configId: config.id,
            outTradeNo: String(notice.out_trade_no ?? ''),
            transactionId: String(notice.trade_no ?? ''),
            amount: yuanToFen(String(notice.total_amount ?? '')),
          })
          if (r.result === 'refused') {
            await refused(s, config.tenantId, 'alipay', 'order, config or amount mismatch', {
              configId: config.id,
              outTradeNo: notice.out_trade_no,
              amount: notice.total_amount,
            })
            return fail()
          }
          return new Response('success', { headers: { 'content-type': 'text/plain' } })
        },
        { perm: PUBLIC, parse: 'none', query: NOTIFY_QUERY },
      )
      .post(
        '/api/blade-pay/wxpay/notify',
        async ({ request, query: q }) => {
          const answer = (ok: boolean, message = '') =>
            new Response(JSON.stringify(ok ? { code: 'SUCCESS', message: '' } : { code: 'FAIL', message }), {
              status: ok ? 200 : 400,
              headers: { 'content-type': 'application/json' },
            })
          const body = await request.text()
          const config = await configById(s.db, 'wxpay', String(q.configId ?? ''))
          if (!config) {
            await refused(s, '000000', 'wxpay', 'unknown config', { configId: q.configId })
            return answer(false, 'unknown config')
          }
          const h = request.headers
          const notice = openWxNotice(s.db, config, {
            headers: {
              timestamp: h.get('wechatpay-timestamp') ?? '',
              nonce: h.get('wechatpay-nonce') ?? '',
              signature: h.get('wechatpay-signature') ?? '',
              serial: h.get('wechatpay-serial') ?? '',
            },
            body,
          })
          if (!notice) {
            await refused(s, config.tenantId, 'wxpay', 'bad signature or ciphertext', { configId: config.id })
            return answer(false, 'verification failed')
          }
          const res = notice.resource
          const mismatch = res.mchid !== config.mchId || (res.appid !== undefined && res.appid !== config.appId)
          let result: Applied = 'refused'
          if (!mismatch && notice.eventType === 'TRANSACTION.SUCCESS' && res.trade_state === 'SUCCESS') {
            const amount = (res.amount as { total?: unknown } | undefined)?.total
            result = (
              await applyPaid(s.db, {
                provider: 'wxpay',
                configId: config.id,
                outTradeNo: String(res.out_trade_no ?? ''),
                transactionId: String(res.transaction_id ?? ''),
                amount: Number.isSafeInteger(amount) ? (amount as number) : null,
              })
            ).result
          } else if (!mismatch && notice.eventType === 'REFUND.SUCCESS' && res.refund_status === 'SUCCESS') {
            const amount = (res.amount as { refund?: unknown } | undefined)?.refund
            result = await applyRefunded(s.db, {
              provider: 'wxpay',
              outRefundNo: String(res.out_refund_no ?? ''),
              refundId: String(res.refund_id ?? ''),
              amount: Number.isSafeInteger(amount) ? (amount as number) : null,
            })
          } else if (!mismatch && notice.eventType.startsWith('REFUND.')) {
            // REFUND.ABNORMAL / REFUND.CLOSED: nothing went back; the order is paid again.
            const r = await first(
              s.db
                .select()
                .from(payRefund)
                .where(
                  and(
                    eq(payRefund.outRefundNo, String(res.out_refund_no ?? '')),
                    eq(payRefund.status, REFUND.processing),
                  ),
                ),
            )
            if (r && r.tenantId === config.tenantId) {
              await failRefund(s.db, r.id)
              result = 'credited'
            }
          } else if (!mismatch) result = 'duplicate' // an event that needs no action is acknowledged
          if (result === 'refused') {
            await refused(s, config.tenantId, 'wxpay', 'merchant, order or amount mismatch', {
              configId: config.id,
              outTradeNo: res.out_trade_no,
              event: notice.eventType,
            })
            return answer(false, 'refused')
          }
          return answer(true)
        },
        { perm: PUBLIC, parse: 'none', query: NOTIFY_QUERY },
      ),
  )
