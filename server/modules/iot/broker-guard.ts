import type { AuthenticateError, Client, ConnectPacket, PublishPacket, Subscription } from 'aedes'
import { and, eq } from 'drizzle-orm'
import { timingSafeEqual } from 'node:crypto'
import { device, product } from '../../../db/schema/index.ts'
import { resolveCtx } from '../../lib/auth-context.ts'
import type { Services } from '../../lib/context.ts'
import { holdSession } from '../../lib/live-sessions.ts'
import { isAdministrator, permissionCodes, PLATFORM_TENANT } from '../../lib/permissions.ts'
import { first } from '../../lib/rows.ts'
import type { DeviceSlots, RetainedIndex } from './broker-backend.ts'
import type { LiveUsers } from './live-users.ts'
import { deviceChannel, deviceRoot, DEVICE_PUBLISH, filterWithin, tenantStatusFilter, userInbox } from './topics.ts'
import { notDeleted } from '../../lib/tenant-rows.ts'

/*
 * Who may connect to the broker and what each may touch. Evaluated in aedes'
 * hooks: preConnect resolves the identity from the CONNECT packet (device:
 * user name "<productKey>/<sn>" and the device's secret; browser: its access
 * token as password), authenticate answers CONNACK 5 "not authorized" to
 * anyone else, and the authorize hooks apply the ACL of README "MQTT topics".
 * A client id is namespaced by its identity ("d:<deviceId>:…", "u:<userId>:…")
 * so nobody can take over another's persistent session by naming its client id.
 */

export type Identity =
  | { kind: 'device'; tenantId: string; deviceId: string; productId: string; root: string; keepAliveTime: number }
  | {
      kind: 'user'
      tenantId: string
      userId: string
      sessionId: string
      seesDevices: boolean
      seesOta: boolean
      platform: boolean
    }

/** Permission code of the device screen: staff holding it may watch their tenant's device status. */
export const DEVICE_CODE = 'iot:device'
/** Permission code of the OTA screen: staff holding it may follow their tenant's rollouts live. */
export const OTA_CODE = 'iot:ota'

const identities = new WeakMap<Client, Identity>()
export const identityOf = (client: Client): Identity | undefined => identities.get(client)

const same = (a: string, b: string) => {
  const x = Buffer.from(a),
    y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/** The identity a CONNECT packet proves, or null. */
export async function identify(
  services: Services,
  username: string | undefined,
  password: Buffer | undefined,
): Promise<Identity | null> {
  if (!username || !password || password.length > 4096) return null
  const secret = password.toString('utf8')
  const slash = username.indexOf('/')
  if (slash > 0) {
    const productKey = username.slice(0, slash),
      sn = username.slice(slash + 1)
    const row = await first(
      services.db
        .select({ d: device, p: product })
        .from(device)
        .innerJoin(product, eq(product.id, device.productId))
        .where(and(eq(product.productKey, productKey), notDeleted(product), eq(device.sn, sn), notDeleted(device))),
    )
    if (!row?.d.secret || !same(row.d.secret, secret)) return null
    return {
      kind: 'device',
      tenantId: row.d.tenantId,
      deviceId: row.d.id,
      productId: row.p.id,
      root: deviceRoot(productKey, sn),
      keepAliveTime: row.p.keepAliveTime,
    }
  }
  const ctx = await resolveCtx(services, { 'blade-auth': `bearer ${secret}` })
  if (ctx.actor.kind !== 'user' || !ctx.actor.sessionId) return null
  const codes = await permissionCodes(ctx)
  const platform = ctx.actor.tenantId === PLATFORM_TENANT && (await isAdministrator(ctx))
  return {
    kind: 'user',
    tenantId: ctx.actor.tenantId,
    userId: ctx.actor.userId,
    sessionId: ctx.actor.sessionId,
    seesDevices: codes.has(DEVICE_CODE),
    seesOta: codes.has(OTA_CODE),
    platform,
  }
}

const ownerKey = (id: Identity) => (id.kind === 'device' ? `d:${id.deviceId}` : `u:${id.userId}`)

/**
 * The subscribe ACL: a device under its root; a user its inbox and, within its own tenant, one device's status
 * and readings (what the portal's device page shows every visitor); staff holding the device screen also the
 * tenant-wide status wildcard, staff holding the OTA screen one rollout of their tenant at a time; the platform $SYS.
 */
export function maySubscribe(id: Identity, filter: string): boolean {
  if (filter.startsWith('$SYS')) return id.kind === 'user' && id.platform
  if (id.kind === 'device') return filterWithin(filter, id.root)
  if (filter === userInbox(id.userId)) return true
  const oneDevice = /^tenant\/([^/]+)\/device\/\d{1,20}\/(status|telemetry)$/.exec(filter)
  if (oneDevice) return oneDevice[1] === id.tenantId
  const rollout = /^tenant\/([^/]+)\/ota\/\d{1,20}$/.exec(filter)
  if (rollout) return id.seesOta && rollout[1] === id.tenantId
  return id.seesDevices && filter === tenantStatusFilter(id.tenantId)
}

/** The publish ACL: only devices publish, and only their upward channels. Browsers listen. */
export function mayPublish(id: Identity, topic: string): boolean {
  if (id.kind !== 'device') return false
  const channel = deviceChannel(id.root, topic)
  return channel !== null && DEVICE_PUBLISH.has(channel)
}

/** A refused CONNECT: aedes answers an authenticate error's returnCode in the CONNACK (5 "not authorized" by default). */
class Refused extends Error implements AuthenticateError {
  constructor(
    readonly returnCode: AuthenticateError['returnCode'] = 5,
    message = 'not authorized',
  ) {
    super(message)
  }
}

/**
 * Clients whose CONNECT asked for a persistent session (cleanSession 0) without a client id. MQTT 3.1.1
 * MQTT-3.1.3-8 requires CONNACK 2 "identifier rejected": there is no id to find the session by next time.
 * aedes would invent one ("aedes_<uuid>") and keep a session nobody can ever resume. Remembered in
 * preConnect (the hook that sees the packet) and answered in authenticate (the hook whose error
 * becomes the CONNACK's return code).
 */
const anonymousPersistent = new WeakSet<Client>()

/** aedes hooks enforcing identity, ACL and the per-client limits of services.config.mqtt. */
export function brokerGuard(services: Services, retained: RetainedIndex, slots?: DeviceSlots, liveUsers?: LiveUsers) {
  const limits = services.config.mqtt
  /** Why a new retained message would break a limit, or null (replacing a retained one never does). */
  async function retainedRefusal(root: string, topic: string): Promise<Error | null> {
    if (await retained.hasRetained(topic)) return null
    if ((await retained.retainedCount(`${root}/`)) >= limits.maxRetainedPerClient)
      return new Error('retained limit per client')
    if ((await retained.retainedCount()) >= limits.maxRetainedTotal) return new Error('retained limit')
    return null
  }
  /** Live connections per owner (device or user), for the per-device connection limit and session kicks. */
  const live = new Map<string, Set<Client>>()
  /** Browsers' connections registered with their session (live-sessions.ts), and how to let go of each. */
  const held = new WeakMap<Client, () => void>()

  return {
    live,
    preConnect(client: Client, packet: ConnectPacket, done: (err: Error | null, ok: boolean) => void) {
      if (!packet.clientId && !packet.clean) {
        // Refused whoever it is (authenticate answers CONNACK 2): no need to look the credentials up.
        anonymousPersistent.add(client)
        return done(null, true)
      }
      identify(services, packet.username, packet.password).then(
        (id) => {
          if (id) {
            identities.set(client, id)
            if (packet.clientId) packet.clientId = `${ownerKey(id)}:${packet.clientId}`.slice(0, 256)
            // A device may not stay silent longer than its product allows; browsers within the broker's limit.
            const most = id.kind === 'device' ? Math.min(id.keepAliveTime, limits.maxKeepalive) : limits.maxKeepalive
            if (!packet.keepalive || packet.keepalive > most) packet.keepalive = most
          }
          done(null, true)
        },
        (err) => done(err, false),
      )
    },
    authenticate(
      client: Client,
      _u: unknown,
      _p: unknown,
      done: (err: AuthenticateError | null, ok: boolean | null) => void,
    ) {
      if (anonymousPersistent.has(client)) return done(new Refused(2, 'identifier rejected'), false)
      const id = identities.get(client)
      if (!id) return done(new Refused(), false)
      if (id.kind === 'device') {
        const others = [...(live.get(ownerKey(id)) ?? [])].filter((c) => c.id !== client.id)
        if (others.length >= limits.maxConnectionsPerDevice) return done(new Refused(), false)
        // Across processes (Redis) the other processes' connections count too.
        if (slots)
          return void slots.claim(id.deviceId, client.id, client.conn).then(
            (ok) => (ok ? done(null, true) : done(new Refused(), false)),
            () => done(new Refused(3, 'server unavailable'), false),
          )
      }
      done(null, true)
    },
    authorizePublish(client: Client | null, packet: PublishPacket, done: (err?: Error | null) => void) {
      const id = client && identities.get(client)
      if (!id || !mayPublish(id, packet.topic)) return done(new Error('publish not authorized'))
      if (packet.retain && packet.payload?.length)
        return void retainedRefusal((id as { root: string }).root, packet.topic).then(done, done)
      done(null)
    },
    authorizeSubscribe(
      client: Client,
      sub: Subscription,
      done: (err: Error | null, sub?: Subscription | null) => void,
    ) {
      const id = identities.get(client)
      done(null, id && maySubscribe(id, sub.topic) ? sub : null)
    },
    /** Keeps the live-connection index; called from the broker's clientReady / clientDisconnect. */
    track(client: Client, up: boolean) {
      const id = identities.get(client)
      if (!id) return
      // aedes emits clientReady after the CONNACK and the queued messages; a client that left meanwhile has had
      // its clientDisconnect already, and counting it now would leave a ghost connection behind.
      if (up && client.closed) return
      const key = ownerKey(id)
      const set = live.get(key) ?? new Set()
      if (up) set.add(client)
      else set.delete(client)
      // A browser's connection lives as long as the sign-in session it was opened with: ending that closes it.
      if (id.kind === 'user' && up && !held.has(client)) {
        const release = holdSession(services.db, {
          sessionId: id.sessionId,
          userId: id.userId,
          tenantId: id.tenantId,
          close: () => client.close(),
        })
        const noted = liveUsers?.hold(id.tenantId, id.userId)
        held.set(client, () => {
          release()
          noted?.()
        })
      }
      if (!up) {
        held.get(client)?.()
        held.delete(client)
      }
      if (set.size) live.set(key, set)
      else live.delete(key)
    },
    /** A school's users with live browser connections and how many each has: every process's with Redis, else this one's. */
    async userCounts(tenantId: string): Promise<Map<string, number>> {
      if (liveUsers) return liveUsers.counts(tenantId)
      const n = new Map<string, number>()
      for (const clients of live.values())
        for (const c of clients) {
          const id = identities.get(c)
          if (id?.kind === 'user' && id.tenantId === tenantId) n.set(id.userId, (n.get(id.userId) ?? 0) + 1)
        }
      return n
    },
    /** Live connections of a device or of a user (this process's). */
    connectionsOf(kind: 'device' | 'user', id: string): Client[] {
      return [...(live.get(`${kind === 'device' ? 'd' : 'u'}:${id}`) ?? [])]
    },
  }
}

export type BrokerGuard = ReturnType<typeof brokerGuard>
