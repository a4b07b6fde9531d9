import type { Redis } from 'ioredis'
import { randomUUID } from 'node:crypto'

/**
 * Who is signed in with a live browser connection, across processes (the client-info list, issue #27). In one
 * process the broker guard's own index of connections is the whole answer; with ATRIUM_REDIS_URL a browser may be
 * connected to any process, so each process also notes its users' connections in Redis: one hash per school,
 * field = the connection (process token + serial), value = "<expiry ms> <user id>". A process refreshes its
 * fields while the connections live and removes each when it closes; a process that died stops refreshing, and
 * its fields expire (they are skipped, then dropped, when the list is read). Redis' clock decides expiry, so the
 * app hosts' clocks do not matter.
 */
export interface LiveUsers {
  /** Notes a user's live connection; answers its release, to call when the connection closes. */
  hold(tenantId: string, userId: string): () => void
  /** The school's users with live connections in any process, and how many each has. */
  counts(tenantId: string): Promise<Map<string, number>>
  stop(): void
}

/** A connection unrefreshed this long belongs to a process that died: it no longer counts. */
const TTL_MS = 60_000

const NOW = `local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`
const HOLD = `${NOW}
redis.call('HSET', KEYS[1], ARGV[1], string.format('%d', now + tonumber(ARGV[3])) .. ' ' .. ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`
/** Answers the live fields' user ids and drops the expired ones. */
const LIST = `${NOW}
local all = redis.call('HGETALL', KEYS[1])
local users = {}
for i = 1, #all, 2 do
  local exp, uid = string.match(all[i + 1], '^(%d+) (.*)$')
  if tonumber(exp) < now then redis.call('HDEL', KEYS[1], all[i]) else table.insert(users, uid) end
end
return users`

const keyOf = (tenantId: string) => `atrium:mqtt:users:${tenantId}`

export function redisLiveUsers(redis: Redis): LiveUsers {
  const token = randomUUID()
  let serial = 0
  const held = new Map<string, { key: string; userId: string }>()
  const hold = (field: string, h: { key: string; userId: string }) =>
    redis.eval(HOLD, 1, h.key, field, h.userId, TTL_MS).catch(() => {
      /* Redis away: the next refresh puts it back; meanwhile the list misses this connection */
    })
  const refresh = setInterval(() => {
    for (const [field, h] of held) void hold(field, h)
  }, TTL_MS / 3)
  refresh.unref()
  return {
    hold(tenantId, userId) {
      const field = `${token}:${++serial}`
      const h = { key: keyOf(tenantId), userId }
      held.set(field, h)
      void hold(field, h)
      return () => {
        if (!held.delete(field)) return
        redis.hdel(h.key, field).catch(() => {
          /* expires on its own */
        })
      }
    },
    async counts(tenantId) {
      const users = (await redis.eval(LIST, 1, keyOf(tenantId))) as string[]
      const n = new Map<string, number>()
      for (const u of users) n.set(u, (n.get(u) ?? 0) + 1)
      return n
    },
    stop() {
      clearInterval(refresh)
      held.clear()
    },
  }
}
