/*
 * The aedes-persistence abstract conformance suite against aedes-persistence-redis 12 as the broker builds it
 * with ATRIUM_REDIS_URL (broker-backend.ts: its store, mqemitter-redis as the emitter), called the way aedes 1.x
 * calls it (promises, setup(broker)). Run by `bun test` from persistence-redis.test.ts, which starts a private
 * redis-server and passes its URL; every case starts from an empty database.
 */
import { test } from 'node:test'
import abstract from 'aedes-persistence/abstract.js'
import { Redis } from 'ioredis'
import { redisEmitter, redisStore } from './broker-backend.ts'

const url = process.env.ATRIUM_TEST_REDIS_URL
if (!url) throw new Error('ATRIUM_TEST_REDIS_URL is not set')

abstract({
  test,
  testAsync: true,
  buildEmitter: () => redisEmitter(url),
  persistence: async () => {
    const db = new Redis(url)
    await db.flushdb()
    db.disconnect()
    return redisStore(url, 1000)
  },
})
