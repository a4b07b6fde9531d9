import { Elysia } from 'elysia'
import { Type } from '@sinclair/typebox'
import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import { EventEmitter } from 'node:events'
import { commandDetailFields, commandFields, PARAM_TYPES } from '../../../db/fields/iot.ts'
import { command, commandDetail, commandRecord, device, product } from '../../../db/schema/index.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import { ApiError, badRequest } from '../../lib/errors.ts'
import { newId } from '../../lib/ids.ts'
import { defineResource } from '../../lib/resource.ts'
import { first } from '../../lib/rows.ts'
import { scope } from '../../lib/scope.ts'
import { formatDateTime, now } from '../../lib/time.ts'
import type { Presence } from './presence.ts'
import { deviceRoot } from './topics.ts'
import { deviceResource } from './device.ts'
import './messages.ts'
import { productResource } from './product.ts'
import { notDeleted } from '../../lib/tenant-rows.ts'

type CommandRow = typeof command.$inferSelect
type RecordRow = typeof commandRecord.$inferSelect

/** A query parameter as text: the look-ups check each one themselves, with their own message naming it. */
const text = (description: string) => Type.Optional(Type.String({ description }))
/** A body field sendCommand checks itself (an id, the parameters by their details), let through as sent. */
const given = (description: string) => Type.Optional(Type.Unknown({ description }))

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
  actions: {
    // A product's own commands (those for every device of it), for the command screen.
    getCommandByProductId: {
      method: 'GET',
      button: 'iot:command',
      body: { productId: text('product') },
      run: async (ctx, { body }): Promise<CommandRow[]> => {
        const productId = body.productId
        if (typeof productId !== 'string' || !/^\d{1,20}$/.test(productId))
          throw badRequest('validation.id', { field: 'productId' }, 'productId')
        return commandResource.ops.all(ctx, { productId }, isNull(command.deviceId))
      },
    },
    // A device's commands: its own and its product's.
    getCommandByDeviceId: {
      method: 'GET',
      button: 'iot:command',
      body: { deviceId: text('device') },
      run: async (ctx, { body }): Promise<CommandRow[]> => {
        const dev = await deviceResource.ops.detail(ctx, body.deviceId as string | undefined)
        return commandResource.ops.all(
          ctx,
          { productId: dev.productId },
          or(isNull(command.deviceId), eq(command.deviceId, dev.id)),
        )
      },
    },
    // Sent to the device over the broker and awaited: answers the record once the device answered or time ran out.
    sendCommend: {
      button: 'send',
      body: {
        deviceId: given('device (checked as the device detail checks it)'),
        commandId: given('command of the device or its product'),
        params: given('values by parameter code, each checked against its detail'),
      },
      run: (ctx, { body, services }): Promise<RecordRow | undefined> => sendCommand(services, ctx, body),
    },
    // A device's last 50 command records, newest first.
    records: {
      method: 'GET',
      button: 'iot:command',
      body: { deviceId: text('device') },
      run: async (ctx, { body }): Promise<RecordRow[]> => {
        const dev = await deviceResource.ops.detail(ctx, body.deviceId as string | undefined)
        return ctx.db
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
      },
    },
  },
  beforeWrite: async (ctx, w) => {
    if (w.op === 'remove') return
    const productId = w.values.productId ?? w.before[0]?.productId
    if (
      !(await first(
        ctx.db
          .select({ id: product.id })
          .from(product)
          .where(and(await productResource.scope(ctx), eq(product.id, productId!))),
      ))
    )
      throw badRequest('iot.command.product', {}, 'productId')
    const deviceId = w.values.deviceId ?? w.before[0]?.deviceId
    if (
      deviceId &&
      !(await first(
        ctx.db
          .select({ id: device.id })
          .from(device)
          .where(and(await deviceResource.scope(ctx), eq(device.id, deviceId), eq(device.productId, productId!))),
      ))
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
  actions: {
    // A command's parameters, in their order, for the send form.
    getCommandDetail: {
      method: 'GET',
      button: 'iot:command',
      body: { commandId: text('command') },
      run: async (ctx, { body }): Promise<(typeof commandDetail.$inferSelect)[]> => {
        const commandId = body.commandId
        if (typeof commandId !== 'string' || !/^\d{1,20}$/.test(commandId))
          throw badRequest('validation.id', { field: 'commandId' }, 'commandId')
        return commandDetailResource.ops.all(ctx, { commandId })
      },
    },
  },
  beforeWrite: async (ctx, w) => {
    if (w.op === 'remove') return
    const commandId = w.values.commandId ?? w.before[0]?.commandId
    if (
      !(await first(
        ctx.db
          .select({ id: command.id })
          .from(command)
          .where(and(await commandResource.scope(ctx), eq(command.id, commandId!))),
      ))
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
/** How often a waiting sendCommend reads its record, should the announcement of its answer not reach it. */
const ANSWER_CHECK_MS = 1_000

/** Sends a command to a device (QoS 1, queued in its session if it is away) and records it; resolves with the record once answered or timed out. */
export async function sendCommand(
  services: Services | undefined,
  ctx: Ctx,
  input: { deviceId?: unknown; commandId?: unknown; params?: unknown },
) {
  // A command that is not even text is refused before anything else, as the route's schema always did.
  if (input.commandId !== undefined && typeof input.commandId !== 'string')
    throw badRequest('validation.id', { field: 'commandId' }, 'commandId')
  const mqtt = services?.mqtt
  if (!mqtt) throw new ApiError(500, 'iot.send.noBroker')
  const dev = await deviceResource.ops.detail(ctx, typeof input.deviceId === 'string' ? input.deviceId : undefined)
  if (typeof input.commandId !== 'string' || !/^\d{1,20}$/.test(input.commandId))
    throw badRequest('validation.id', { field: 'commandId' }, 'commandId')
  const cmd = await first(
    ctx.db
      .select()
      .from(command)
      .where(
        and(
          await commandResource.scope(ctx),
          eq(command.id, input.commandId),
          eq(command.productId, dev.productId),
          or(isNull(command.deviceId), eq(command.deviceId, dev.id)),
        ),
      ),
  )
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
  const prod = await first(
    ctx.db.select({ productKey: product.productKey }).from(product).where(eq(product.id, dev.productId)),
  )
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
    const timer = setTimeout(done, cmd.timeout * 1000 + 50)
    // The announcement is the fast path; the record is the truth. An announcement lost between processes (Redis
    // briefly away, this process's subscription not yet in place) costs a second, not the command's whole timeout.
    const check = setInterval(async () => {
      const r = await first(
        ctx.db.select({ state: commandRecord.state }).from(commandRecord).where(eq(commandRecord.id, id)),
      ).catch(() => undefined)
      if (r && r.state !== SENT && r.state !== ACKED) done()
    }, ANSWER_CHECK_MS)
    function done() {
      clearTimeout(timer)
      clearInterval(check)
      outcomes.off(id, done)
      resolve()
    }
    outcomes.once(id, done)
  })
  await mqtt.publish(`${deviceRoot(prod!.productKey!, dev.sn)}/command`, { id, method: cmd.code, params }, { qos: 1 })
  await settled
  // Our own wait is the clock for this record: unanswered now means timed out (the sweeper handles records whose sender went away).
  await ctx.db
    .update(commandRecord)
    .set({ state: TIMED_OUT, updateTime: now() })
    .where(and(eq(commandRecord.id, id), inArray(commandRecord.state, [SENT, ACKED])))
  return first(ctx.db.select().from(commandRecord).where(eq(commandRecord.id, id)))
}

/** Records past their deadline without an answer become timed out (run every second and after each wait). */
export async function expireCommands(services: Services): Promise<number> {
  const expired = await services.db
    .update(commandRecord)
    .set({ state: TIMED_OUT, updateTime: now() })
    .where(and(inArray(commandRecord.state, [SENT, ACKED]), lt(commandRecord.deadline, now())))
    .returning({ id: commandRecord.id })
  return expired.length
}

/** command/reply from a device: {id, ack: true} acknowledges; {id, code, data} answers (code 0 = done, else failed). */
export function handleReplies(services: Services, presence: Presence) {
  presence.on('command/reply', async (dev, _channel, payload) => {
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
      await services.db
        .update(commandRecord)
        .set({ state: ACKED, ackTime: at, updateTime: at })
        .where(and(mine, eq(commandRecord.state, SENT)))
      return
    }
    const state = msg.code === 0 || msg.code === undefined ? ANSWERED : FAILED
    // An answer proves receipt: it records the ack time too when the ack is missing or still on its way (the two
    // replies are handled concurrently, and on a pool the answer's UPDATE can commit first).
    const answered = await services.db
      .update(commandRecord)
      .set({
        state,
        answer: JSON.stringify(msg.data ?? msg).slice(0, 8192),
        answerTime: at,
        ackTime: sql`coalesce(${commandRecord.ackTime}, ${at})`,
        updateTime: at,
      })
      .where(mine)
      .returning({ id: commandRecord.id })
    if (answered.length) services.mqtt?.signal(OUTCOME, msg.id)
  })
  return services.mqtt?.onSignal(OUTCOME, (id) => outcomes.emit(id))
}

const OUTCOME = 'command/outcome'

export const commandRoutes = (s: Services) =>
  new Elysia().use(commandResource.routes(s)).use(commandDetailResource.routes(s))
