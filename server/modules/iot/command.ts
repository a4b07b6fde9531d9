import { Elysia, t } from 'elysia'
import { and, asc, desc, eq, inArray, isNull, lt, or } from 'drizzle-orm'
import { EventEmitter } from 'node:events'
import { commandDetailFields, commandFields, PARAM_TYPES } from '../../../db/fields/iot.ts'
import { command, commandDetail, commandRecord, device, product } from '../../../db/schema/index.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import { authContext } from '../../lib/auth-context.ts'
import { ok } from '../../lib/envelope.ts'
import { ApiError, badRequest } from '../../lib/errors.ts'
import { newId } from '../../lib/ids.ts'
import { defineResource } from '../../lib/resource.ts'
import { scope } from '../../lib/scope.ts'
import { formatDateTime, now } from '../../lib/time.ts'
import type { Presence } from './presence.ts'
import { deviceRoot } from './topics.ts'
import { deviceResource } from './device.ts'
import './messages.ts'
import { productResource } from './product.ts'
import { body as bodyOf, query as queryOf, text } from '../../lib/request-schema.ts'
import { notDeleted } from '../../lib/tenant-rows.ts'
import { handWritten } from '../../lib/hand-written.ts'

/** Command record states (blade_command_record.state). */
export const SENT = 0,
  ACKED = 1,
  ANSWERED = 2,
  TIMED_OUT = 3,
  FAILED = 4

export const commandResource = defineResource({
  table: command,
  path: '/api/blade-command/command',
  code: 'iot:command',
  search: ['name', 'code'],
  filters: ['productId', 'deviceId'],
  fields: commandFields,
  skip: ['list', 'page'],
  beforeWrite: async (ctx, w) => {
    if (w.op === 'remove') return
    const productId = w.values.productId ?? w.before[0]?.productId
    if (
      !(await ctx.db
        .select({ id: product.id })
        .from(product)
        .where(and(await productResource.scope(ctx), eq(product.id, productId!)))
        .get())
    )
      throw badRequest('iot.command.product', {}, 'productId')
    const deviceId = w.values.deviceId ?? w.before[0]?.deviceId
    if (
      deviceId &&
      !(await ctx.db
        .select({ id: device.id })
        .from(device)
        .where(and(await deviceResource.scope(ctx), eq(device.id, deviceId), eq(device.productId, productId!)))
        .get())
    )
      throw badRequest('iot.device.product', {}, 'deviceId')
  },
})

export const commandDetailResource = defineResource({
  table: commandDetail,
  path: '/api/blade-command/commandDetail',
  code: 'iot:command',
  filters: ['commandId'],
  fields: commandDetailFields,
  skip: ['list', 'page'],
  beforeWrite: async (ctx, w) => {
    if (w.op === 'remove') return
    const commandId = w.values.commandId ?? w.before[0]?.commandId
    if (
      !(await ctx.db
        .select({ id: command.id })
        .from(command)
        .where(and(await commandResource.scope(ctx), eq(command.id, commandId!)))
        .get())
    )
      throw badRequest('iot.commandDetail.command', {}, 'commandId')
    if (w.values.type !== undefined && !(PARAM_TYPES as readonly string[]).includes(w.values.type))
      throw badRequest('iot.commandDetail.type', {}, 'type')
  },
})

/** A parameter value checked and converted by its declared type; throws a 400 naming the parameter. */
function coerce(d: typeof commandDetail.$inferSelect, raw: unknown): unknown {
  const fail = (reason: string) => badRequest('iot.send.param', { name: d.code, reason }, `params.${d.code}`)
  const v = raw === undefined || raw === '' ? (d.defaultValue ?? undefined) : raw
  if (v === undefined || v === null) {
    if (d.required) throw fail('required')
    return undefined
  }
  switch (d.type) {
    case 'int': {
      const n = Number(v)
      if (!Number.isInteger(n)) throw fail('int')
      return n
    }
    case 'float': {
      const n = Number(v)
      if (!Number.isFinite(n)) throw fail('float')
      return n
    }
    case 'bool':
      if (v === true || v === 'true' || v === 1 || v === '1') return true
      if (v === false || v === 'false' || v === 0 || v === '0') return false
      throw fail('bool')
    case 'enum': {
      const choices = (d.options ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
      if (!choices.includes(String(v))) throw fail(choices.join('|'))
      return String(v)
    }
    default:
      if (String(v).length > 1024) throw fail('≤ 1024')
      return String(v)
  }
}

/**
 * Waiters for a device's answer, keyed by command record id, so sendCommend can answer with the outcome. The
 * record (state, deadline, answer) is in the database; only who waits is per process. The device's reply may
 * reach another process (ATRIUM_REDIS_URL), so answers are announced to every process (broker signal).
 */
const outcomes = new EventEmitter().setMaxListeners(0)

/** Sends a command to a device (QoS 1, queued in its session if it is away) and records it; resolves with the record once answered or timed out. */
export async function sendCommand(
  services: Services,
  ctx: Ctx,
  input: { deviceId?: unknown; commandId?: unknown; params?: unknown },
) {
  if (!services.mqtt) throw new ApiError(500, 'iot.send.noBroker')
  const dev = await deviceResource.ops.detail(ctx, typeof input.deviceId === 'string' ? input.deviceId : undefined)
  if (typeof input.commandId !== 'string' || !/^\d{1,20}$/.test(input.commandId))
    throw badRequest('validation.id', { field: 'commandId' }, 'commandId')
  const cmd = await ctx.db
    .select()
    .from(command)
    .where(
      and(
        await commandResource.scope(ctx),
        eq(command.id, input.commandId),
        eq(command.productId, dev.productId),
        or(isNull(command.deviceId), eq(command.deviceId, dev.id)),
      ),
    )
    .get()
  if (!cmd) throw badRequest('validation.id', { field: 'commandId' }, 'commandId')
  const details = await ctx.db
    .select()
    .from(commandDetail)
    .where(and(eq(commandDetail.commandId, cmd.id), notDeleted(commandDetail)))
    .orderBy(asc(commandDetail.sort))
  const given = input.params && typeof input.params === 'object' ? (input.params as Record<string, unknown>) : {}
  const params: Record<string, unknown> = {}
  for (const d of details) {
    const v = coerce(d, given[d.code])
    if (v !== undefined) params[d.code] = v
  }
  const prod = await ctx.db
    .select({ productKey: product.productKey })
    .from(product)
    .where(eq(product.id, dev.productId))
    .get()
  const id = newId()
  const stamp = now()
  await ctx.db.insert(commandRecord).values({
    id,
    tenantId: dev.tenantId,
    commandId: cmd.id,
    deviceId: dev.id,
    params: JSON.stringify(params),
    state: SENT,
    deadline: formatDateTime(new Date(Date.now() + cmd.timeout * 1000)),
    createUser: ctx.actor.userId,
    createTime: stamp,
    updateTime: stamp,
  })
  const settled = new Promise<void>((resolve) => {
    const timer = setTimeout(
      () => {
        outcomes.off(id, done)
        resolve()
      },
      cmd.timeout * 1000 + 50,
    )
    function done() {
      clearTimeout(timer)
      resolve()
    }
    outcomes.once(id, done)
  })
  await services.mqtt.publish(
    `${deviceRoot(prod!.productKey!, dev.sn)}/command`,
    { id, method: cmd.code, params },
    { qos: 1 },
  )
  await settled
  // Our own wait is the clock for this record: unanswered now means timed out (the sweeper handles records whose sender went away).
  await ctx.db
    .update(commandRecord)
    .set({ state: TIMED_OUT, updateTime: now() })
    .where(and(eq(commandRecord.id, id), inArray(commandRecord.state, [SENT, ACKED])))
  return ctx.db.select().from(commandRecord).where(eq(commandRecord.id, id)).get()
}

/** Records past their deadline without an answer become timed out (run every second and after each wait). */
export function expireCommands(services: Services): number {
  return services.db
    .update(commandRecord)
    .set({ state: TIMED_OUT, updateTime: now() })
    .where(and(inArray(commandRecord.state, [SENT, ACKED]), lt(commandRecord.deadline, now())))
    .returning({ id: commandRecord.id })
    .all().length
}

/** command/reply from a device: {id, ack: true} acknowledges; {id, code, data} answers (code 0 = done, else failed). */
export function handleReplies(services: Services, presence: Presence) {
  presence.on('command/reply', (dev, _channel, payload) => {
    let msg: { id?: unknown; ack?: unknown; code?: unknown; data?: unknown }
    try {
      msg = JSON.parse(payload.toString('utf8'))
    } catch {
      return
    }
    if (typeof msg.id !== 'string') return
    const mine = and(eq(commandRecord.id, msg.id), eq(commandRecord.deviceId, dev.deviceId))
    const at = now()
    if (msg.ack === true && msg.code === undefined) {
      services.db
        .update(commandRecord)
        .set({ state: ACKED, ackTime: at, updateTime: at })
        .where(and(mine, eq(commandRecord.state, SENT)))
        .run()
      return
    }
    const state = msg.code === 0 || msg.code === undefined ? ANSWERED : FAILED
    const changed = services.db
      .update(commandRecord)
      .set({ state, answer: JSON.stringify(msg.data ?? msg).slice(0, 8192), answerTime: at, updateTime: at })
      .where(mine)
      .returning({ id: commandRecord.id })
      .all()
    if (changed.length) services.mqtt?.signal(OUTCOME, msg.id)
  })
  return services.mqtt?.onSignal(OUTCOME, (id) => outcomes.emit(id))
}

const OUTCOME = 'command/outcome'

/** sendCommend's body: the device (sendCommand looks it up), the command (an id, its own message) and its parameters. */
const SendBody = bodyOf({
  deviceId: t.Optional(t.Unknown({ description: 'device (checked as the device detail checks it)' })),
  commandId: text('command of the device or its product', 'validation.id'),
  params: t.Optional(t.Unknown({ description: 'values by parameter code, each checked against its detail' })),
})

export const commandRoutes = (s: Services) =>
  handWritten(
    "commands sent to a device over the broker and awaited, a device's and its product's commands, and their records",
    commandRoutesPlugin(s),
  )

const commandRoutesPlugin = (s: Services) =>
  new Elysia()
    .use(commandResource.routes(s))
    .use(commandDetailResource.routes(s))
    .use(
      new Elysia()
        .use(authContext(s))
        .get(
          '/api/blade-command/command/getCommandByProductId',
          async ({ ctx, query }) => {
            if (!query.productId || !/^\d{1,20}$/.test(query.productId))
              throw badRequest('validation.id', { field: 'productId' }, 'productId')
            return ok(ctx, await commandResource.ops.all(ctx, { productId: query.productId }, isNull(command.deviceId)))
          },
          { perm: 'iot:command', query: queryOf({ productId: text('product') }) },
        )
        // A device's commands: its own and its product's.
        .get(
          '/api/blade-command/command/getCommandByDeviceId',
          async ({ ctx, query }) => {
            const dev = await deviceResource.ops.detail(ctx, query.deviceId)
            return ok(
              ctx,
              await commandResource.ops.all(
                ctx,
                { productId: dev.productId },
                or(isNull(command.deviceId), eq(command.deviceId, dev.id)),
              ),
            )
          },
          { perm: 'iot:command', query: queryOf({ deviceId: text('device') }) },
        )
        .get(
          '/api/blade-command/commandDetail/getCommandDetail',
          async ({ ctx, query }) => {
            if (!query.commandId || !/^\d{1,20}$/.test(query.commandId))
              throw badRequest('validation.id', { field: 'commandId' }, 'commandId')
            return ok(ctx, await commandDetailResource.ops.all(ctx, { commandId: query.commandId }))
          },
          { perm: 'iot:command', query: queryOf({ commandId: text('command') }) },
        )
        .post(
          '/api/blade-command/command/sendCommend',
          async ({ ctx, body }) => ok(ctx, await sendCommand(s, ctx, body ?? {})),
          { perm: 'iot:command:send', body: SendBody },
        )
        .get(
          '/api/blade-command/command/records',
          async ({ ctx, query }) => {
            const dev = await deviceResource.ops.detail(ctx, query.deviceId)
            const rows = await ctx.db
              .select()
              .from(commandRecord)
              .where(
                and(
                  await scope(commandRecord, ctx, {
                    dataScope: false,
                    why: 'the records of one device, reached through deviceResource.ops.detail (data-scoped)',
                  }),
                  eq(commandRecord.deviceId, dev.id),
                ),
              )
              .orderBy(desc(commandRecord.id))
              .limit(50)
            return ok(ctx, rows)
          },
          { perm: 'iot:command', query: queryOf({ deviceId: text('device') }) },
        ),
    )
