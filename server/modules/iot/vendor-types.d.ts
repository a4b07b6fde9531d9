// qlobber and the aedes-persistence conformance suite ship no type declarations; these cover what the broker uses.
declare module 'qlobber' {
  export class QlobberTrue {
    constructor(opts: { wildcard_one: string; wildcard_some: string; separator: string })
    add(topic: string): this
    test(topic: string): boolean
  }
}
declare module 'qlobber/aedes/qlobber-sub.js' {
  export default class QlobberSub {
    constructor(opts: { wildcard_one: string; wildcard_some: string; separator: string })
    subscriptionsCount: number
    add(
      topic: string,
      sub: { clientId: string; topic: string; qos: number; rh?: number; rap?: boolean; nl?: boolean },
    ): void
    remove(topic: string, sub: { clientId: string; topic: string }): void
    match(topic: string): { clientId: string; topic: string; qos: number; rh?: number; rap?: boolean; nl?: boolean }[]
  }
}
declare module 'aedes-persistence/abstract.js' {
  export default function abstractPersistence(opts: {
    test: unknown
    testAsync?: boolean
    buildEmitter?: () => unknown
    persistence: () => unknown
  }): void
}
declare module 'aedes-persistence-redis' {
  import type { Redis } from 'ioredis'
  /** aedes-persistence-redis 12: called without callbacks (as aedes 1.x does), its methods answer promises. */
  export default function redisPersistence(opts: {
    conn?: Redis
    maxSessionDelivery?: number
    packetTTL?: (packet: unknown) => number
  }): { destroy(): Promise<void> }
}
