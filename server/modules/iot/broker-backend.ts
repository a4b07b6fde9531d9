import redisPersistence from 'aedes-persistence-redis'
import { Redis } from 'ioredis'
import mqemitterRedis from 'mqemitter-redis'
import { randomUUID } from 'node:crypto'
import type { Services } from '../../lib/context.ts'
import { redisLiveUsers, type LiveUsers } from './live-users.ts'
import { SqlitePersistence } from './persistence.ts'

/*
 * Where the broker keeps what outlives a connection and how its processes hear
 * each other. By default one process: sessions, subscriptions, queued QoS 1
 * messages, retained messages and wills in SQLite (persistence.ts), deliveries
 * through aedes' in-process emitter. With ATRIUM_REDIS_URL several appliance
 * processes share one broker: mqemitter-redis carries every publish to every
 * process, aedes-persistence-redis (12) holds the sessions and messages, and
 * a device's live connections are counted in Redis so the per-device limit
 * holds across processes, and users' browser connections are noted there for
 * the client-info list (live-users.ts). Everything else (authentication, ACL, device logs,
 * presence) is the same broker code either way.
 */

/** What the broker guard asks of the retained store for its limits. */
export interface RetainedIndex {
  hasRetained(topic: string): boolean | Promise<boolean>
  retainedCount(prefix?: string): number | Promise<number>
}

/** The per-device connection limit across processes: a slot per live connection, given back when it closes. */
export interface DeviceSlots {
  /** Takes a slot for this connection unless the device's other live connections hold `limit`; a client id taking over keeps its slot. */
  claim(deviceId: string, clientId: string, conn: ClosingStream): Promise<boolean>
}

interface ClosingStream {
  destroyed?: boolean
  once(event: 'close', fn: () => void): unknown
}

export interface BrokerBackend {
  kind: 'sqlite' | 'redis'
  /** aedes' persistence option. */
  persistence: unknown
  /** aedes' mq option; undefined leaves aedes its in-process emitter. */
  mq?: unknown
  retained: RetainedIndex
  /** Present only across processes; in one process the guard's own count of live connections is the whole truth. */
  slots?: DeviceSlots
  /** Present only across processes: users' browser connections in every process (the client-info list). */
  liveUsers?: LiveUsers
  /** After aedes has closed (which closes mq): lets go of the store's connections. */
  close(): Promise<void>
}

/** aedes-persistence-redis keeps retained messages in this hash, field = topic (not clustered). */
const RETAINED = 'retained'
/** A slot unrefreshed this long is a connection whose process died: it no longer counts. */
const SLOT_TTL_MS = 60_000

const globEscape = (s: string) => s.replace(/[*?[\]\\]/g, (c) => `\\${c}`)

/*
 * One hash per device: field = client id, value = "<expiry ms> <owner>", the owner being the one connection
 * (process token + serial) holding the slot. Redis' own clock, so app hosts' clocks do not matter.
 */
const NOW = `local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`
const CLAIM = `${NOW}
local all = redis.call('HGETALL', KEYS[1])
local others = 0
for i = 1, #all, 2 do
  local exp = tonumber(string.match(all[i + 1], '^(%d+)'))
  if exp < now then redis.call('HDEL', KEYS[1], all[i])
  elseif all[i] ~= ARGV[1] then others = others + 1 end
end
if others >= tonumber(ARGV[4]) then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], string.format('%d', now + tonumber(ARGV[3])) .. ' ' .. ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`
/** Extends a slot this connection still owns (or lost only to expiry); one taken over by another connection is left alone. */
const REFRESH = `${NOW}
local v = redis.call('HGET', KEYS[1], ARGV[1])
if v and string.match(v, ' (.*)$') ~= ARGV[2] then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], string.format('%d', now + tonumber(ARGV[3])) .. ' ' .. ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`
const RELEASE = `local v = redis.call('HGET', KEYS[1], ARGV[1])
if v and string.match(v, ' (.*)$') == ARGV[2] then redis.call('HDEL', KEYS[1], ARGV[1]) return 1 end
return 0`

function redisSlots(redis: Redis, limit: () => number): DeviceSlots & { stop(): void } {
  const token = randomUUID()
  let serial = 0
  const held = new Map<string, { key: string; clientId: string }>()
  const refresh = setInterval(() => {
    for (const [owner, s] of held)
      redis.eval(REFRESH, 1, s.key, s.clientId, owner, SLOT_TTL_MS).catch(() => {
        /* Redis away: the slot expires, and the next refresh puts it back */
      })
  }, SLOT_TTL_MS / 3)
  refresh.unref()
  return {
    async claim(deviceId, clientId, conn) {
      const key = `atrium:mqtt:slots:${deviceId}`
      const owner = `${token}:${++serial}`
      const ok = (await redis.eval(CLAIM, 1, key, clientId, owner, SLOT_TTL_MS, limit())) === 1
      if (!ok) return false
      const release = () => {
        if (!held.delete(owner)) return
        redis.eval(RELEASE, 1, key, clientId, owner).catch(() => {
          /* expires on its own */
        })
      }
      held.set(owner, { key, clientId })
      if (conn.destroyed) release()
      else conn.once('close', release)
      return true
    },
    stop() {
      clearInterval(refresh)
      held.clear()
    },
  }
}

const redisConnection = (url: string) => new Redis(url, { enableAutoPipelining: true })

/** aedes-persistence-redis as the broker uses it (also what its conformance run tests). */
export function redisStore(url: string, maxQueued: number) {
  // Called without callbacks, as aedes 1.x does, its methods answer promises and its streams are Readable.
  return redisPersistence({ conn: redisConnection(url), maxSessionDelivery: maxQueued || undefined })
}

/**
 * The emitter's subscriber connection skips ioredis' handshake extras (CLIENT SETINFO, the INFO ready check): since
 * ioredis 5.8.2 a SUBSCRIBE queued before connecting can reach Redis between them, the INFO that follows is refused
 * in subscriber mode, and the refusal is thrown where nothing catches it (ioredis issue 2037) — a process that
 * failed to start, once, in a full test run. A subscriber needs neither: it only waits for messages.
 */
const subscriberConnection = (url: string) => new Redis(url, { disableClientInfo: true, enableReadyCheck: false })

export const redisEmitter = (url: string) =>
  mqemitterRedis({ pubConn: redisConnection(url), subConn: subscriberConnection(url) })

/** The broker's store and emitter for this configuration (see the header). */
export function brokerBackend(services: Services): BrokerBackend {
  const limits = services.config.mqtt
  if (!limits.redisUrl) {
    const persistence = new SqlitePersistence(services.db, { maxQueued: limits.maxQueued })
    return { kind: 'sqlite', persistence, retained: persistence, close: async () => {} }
  }
  const url = limits.redisUrl
  const commands = redisConnection(url)
  const persistence = redisStore(url, limits.maxQueued)
  const mq = redisEmitter(url)
  const slots = redisSlots(commands, () => limits.maxConnectionsPerDevice)
  const liveUsers = redisLiveUsers(commands)
  return {
    kind: 'redis',
    persistence,
    mq,
    slots,
    liveUsers,
    retained: {
      hasRetained: async (topic) => (await commands.hexists(RETAINED, topic)) === 1,
      async retainedCount(prefix) {
        if (!prefix) return commands.hlen(RETAINED)
        let n = 0
        let cursor = '0'
        do {
          const [next, pairs] = await commands.hscan(RETAINED, cursor, 'MATCH', `${globEscape(prefix)}*`, 'COUNT', 1000)
          cursor = next
          n += pairs.length / 2
        } while (cursor !== '0')
        return n
      },
    },
    async close() {
      slots.stop()
      liveUsers.stop()
      await persistence.destroy().catch(() => {})
      commands.disconnect()
    },
  }
}
