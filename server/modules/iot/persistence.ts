import { Readable } from 'node:stream'
import type { Aedes, Brokers, Client, Subscription } from 'aedes'
import type { QoS } from 'mqtt-packet'
import type { AedesPacket } from 'aedes-packet'
import { and, asc, count, eq, ne, notInArray, or, sql } from 'drizzle-orm'
import { startsWith } from '../../lib/like.ts'
import { QlobberTrue } from 'qlobber'
import QlobberSub from 'qlobber/aedes/qlobber-sub.js'
import PacketModule from 'aedes-packet'
import { mqttIncoming, mqttOutgoing, mqttRetained, mqttSubscription, mqttWill } from '../../../db/schema/index.ts'
import type { Db } from '../../lib/db.ts'
import { first } from '../../lib/rows.ts'
import { withTransaction } from '../../lib/transaction.ts'
import { prepared } from '../../lib/prepared.ts'
import { fromStored, toStored } from './packet-codec.ts'

/*
 * An aedes persistence kept in the appliance's database (SQLite, or the same
 * tables on PostgreSQL through the same queries), so sessions, subscriptions,
 * queued QoS 1/2 messages, retained messages and wills survive a crash. It
 * follows the contract of aedes-persistence v11 and passes its abstract suite
 * on both engines (server/modules/iot/persistence.test.ts).
 *
 * Subscriptions are also held in memory in a topic trie: every publish asks
 * "who is subscribed to this topic", and that must not be a table scan. The
 * trie is rebuilt from the table at setup. Everything else is read from the
 * database when asked, so an offline client's queue costs disk, not broker
 * memory. The trie and the queue counts below make it one broker process's
 * store: several processes share a broker through Redis (broker-backend.ts).
 *
 * The QoS 1 path runs per message: aedes asks to clear an outgoing packet on
 * every PUBACK, also from clean sessions, which never queue anything. A count
 * of queued rows per client (this process is the table's only writer) answers
 * those without SQL, and the statements that do run are compiled once.
 */

const QLOBBER = { wildcard_one: '+', wildcard_some: '#', separator: '/' }

interface SubRecord {
  qos: QoS
  rh?: number
  rap?: boolean
  nl?: boolean
  subscriptionIdentifier?: number
}
type ClientRef = Pick<Client, 'id'>
type Sub = Subscription & { subscriptionIdentifier?: number }
/** What the persistence handles: PUBLISH packets and the PUBREL that replaces one in a QoS 2 flow. */
type Pkt = AedesPacket & { messageId?: number; topic?: string; payload?: Buffer | string; retain?: boolean }
type PublishPkt = Pkt & { topic: string }
/** A QoS 2 packet held until its PUBREL: it always has a packet id. */
type IdPkt = Pkt & { messageId: number }
type WillPkt = Pkt & { clientId?: string }
// aedes-packet exports its constructor itself; its declaration file describes a namespace.
const Packet = PacketModule as unknown as new (p: object, broker?: Aedes) => Pkt

/**
 * The literal part of a topic filter before its first wildcard, without its
 * last separator ("a/b/#" also matches "a/b"): a LIKE prefix that narrows the
 * scan; the trie then decides.
 */
function literalPrefix(pattern: string): string {
  const cut = pattern.search(/[+#]/)
  return cut < 0 ? pattern : pattern.slice(0, cut).replace(/\/$/, '')
}

export class SqlitePersistence {
  #db: Db
  #subs = new Map<string, Map<string, SubRecord>>()
  #trie = new QlobberSub(QLOBBER)
  #broker: Aedes | undefined
  #destroyed = false
  #maxQueued: number
  /**
   * Who is subscribed to a topic, as last matched: every QoS 1 PUBLISH asks (to queue it for offline persistent
   * sessions), and a device sends the same topic again and again. Emptied whenever a subscription changes.
   */
  #matched = new Map<string, ReturnType<QlobberSub['match']>>()
  /** Rows in mqtt_outgoing per client, kept beside the table (which only this process writes). */
  #queued = new Map<string, number>()

  /** maxQueued bounds one offline session's queue: beyond it new messages are dropped, as Mosquitto does. */
  constructor(db: Db, opts: { maxQueued?: number } = {}) {
    this.#db = db
    this.#maxQueued = opts.maxQueued ?? 0
  }

  get broker() {
    return this.#broker
  }

  async setup(broker: Aedes): Promise<void> {
    this.#broker = broker
    for (const row of await this.#db
      .select({ clientId: mqttOutgoing.clientId, n: count() })
      .from(mqttOutgoing)
      .groupBy(mqttOutgoing.clientId))
      this.#queued.set(row.clientId, row.n)
    for (const row of await this.#db.select().from(mqttSubscription)) {
      const rec: SubRecord = { qos: row.qos as QoS, ...(row.options ? JSON.parse(row.options) : {}) }
      this.#remember(row.clientId, row.topic, rec)
    }
  }

  #remember(clientId: string, topic: string, rec: SubRecord) {
    let stored = this.#subs.get(clientId)
    if (!stored) this.#subs.set(clientId, (stored = new Map()))
    const before = stored.get(topic)
    this.#matched.clear()
    if (rec.qos > 0) this.#trie.add(topic, { clientId, topic, qos: rec.qos, rh: rec.rh, rap: rec.rap, nl: rec.nl })
    else if (before && before.qos > 0) this.#trie.remove(topic, { clientId, topic })
    stored.set(topic, rec)
  }

  #forget(clientId: string, topic: string) {
    const stored = this.#subs.get(clientId)
    const rec = stored?.get(topic)
    if (!stored || !rec) return
    this.#matched.clear()
    if (rec.qos > 0) this.#trie.remove(topic, { clientId, topic })
    stored.delete(topic)
    if (stored.size === 0) this.#subs.delete(clientId)
  }

  // ---- retained ----

  async storeRetained(pkt: PublishPkt): Promise<void> {
    const packet = { ...pkt }
    const empty = packet.payload == null || packet.payload.length === 0
    if (empty) {
      await this.#db.delete(mqttRetained).where(eq(mqttRetained.topic, packet.topic))
      return
    }
    const stored = toStored(packet)
    const size = stored.payload?.length ?? Buffer.byteLength(String(packet.payload))
    await this.#db
      .insert(mqttRetained)
      .values({ topic: packet.topic, ...stored, size })
      .onConflictDoUpdate({ target: mqttRetained.topic, set: { ...stored, size } })
  }

  async *#retainedMatching(patterns: string[]): AsyncGenerator<Pkt> {
    const matcher = new QlobberTrue(QLOBBER)
    for (const p of patterns) matcher.add(p)
    const prefixes = [...new Set(patterns.map(literalPrefix))]
    const where = prefixes.includes('') ? undefined : or(...prefixes.map((p) => startsWith(mqttRetained.topic, p)))
    const rows = await this.#db.select().from(mqttRetained).where(where).orderBy(asc(mqttRetained.seq))
    // One packet per topic even when several patterns match it (aedes' memory store yields per pattern; a set is what a subscriber wants).
    for (const r of rows) if (matcher.test(r.topic)) yield fromStored<Pkt>(r)
  }

  createRetainedStream(pattern: string): Readable {
    return Readable.from(this.#retainedMatching([pattern]))
  }

  createRetainedStreamCombi(patterns: string[]): Readable {
    return Readable.from(this.#retainedMatching(patterns))
  }

  /** Retained messages in total and under one topic prefix (the broker's limits). */
  async retainedCount(prefix?: string): Promise<number> {
    const where = prefix ? startsWith(mqttRetained.topic, prefix) : undefined
    return (await first(this.#db.select({ n: count() }).from(mqttRetained).where(where)))?.n ?? 0
  }

  async hasRetained(topic: string): Promise<boolean> {
    return !!(await first(
      this.#db.select({ seq: mqttRetained.seq }).from(mqttRetained).where(eq(mqttRetained.topic, topic)),
    ))
  }

  // ---- subscriptions ----

  async addSubscriptions(client: ClientRef, subs: Sub[]): Promise<void> {
    await withTransaction(this.#db, async (tx) => {
      for (const sub of subs) {
        const rec: SubRecord = { qos: sub.qos, rh: sub.rh, rap: sub.rap, nl: sub.nl }
        if (sub.subscriptionIdentifier !== undefined) rec.subscriptionIdentifier = sub.subscriptionIdentifier
        const { qos, ...extra } = rec
        const options = JSON.stringify(extra)
        await tx
          .insert(mqttSubscription)
          .values({ clientId: client.id, topic: sub.topic, qos, options })
          .onConflictDoUpdate({ target: [mqttSubscription.clientId, mqttSubscription.topic], set: { qos, options } })
        this.#remember(client.id, sub.topic, rec)
      }
    })
  }

  async removeSubscriptions(client: ClientRef, topics: string[]): Promise<void> {
    await withTransaction(this.#db, async (tx) => {
      for (const topic of topics) {
        await tx
          .delete(mqttSubscription)
          .where(and(eq(mqttSubscription.clientId, client.id), eq(mqttSubscription.topic, topic)))
        this.#forget(client.id, topic)
      }
    })
  }

  async subscriptionsByClient(client: ClientRef): Promise<Sub[]> {
    const stored = this.#subs.get(client.id)
    return stored ? [...stored].map(([topic, rec]) => ({ topic, ...rec })) : []
  }

  async countOffline(): Promise<{ subsCount: number; clientsCount: number }> {
    return { subsCount: this.#trie.subscriptionsCount, clientsCount: this.#subs.size }
  }

  async subscriptionsByTopic(topic: string) {
    let subs = this.#matched.get(topic)
    if (!subs) {
      // Bounded: a flood of distinct topics only makes it start over.
      if (this.#matched.size >= 10_000) this.#matched.clear()
      this.#matched.set(topic, (subs = this.#trie.match(topic)))
    }
    return subs
  }

  async cleanSubscriptions(client: ClientRef): Promise<void> {
    const stored = this.#subs.get(client.id)
    if (!stored) return
    await this.#db.delete(mqttSubscription).where(eq(mqttSubscription.clientId, client.id))
    for (const topic of [...stored.keys()]) this.#forget(client.id, topic)
  }

  getClientList(topic: string): Readable {
    const ids: string[] = []
    for (const [clientId, stored] of this.#subs) if (stored.has(topic)) ids.push(clientId)
    return Readable.from(ids)
  }

  // ---- outgoing (QoS 1/2 queued for a persistent session) ----

  /** The statements of the per-message path, compiled once per database. */
  get #out() {
    return prepared(this.#db, 'mqtt.outgoing', (d) => {
      const client = eq(mqttOutgoing.clientId, sql.placeholder('clientId'))
      const firstWithId = d
        .select({ seq: mqttOutgoing.seq })
        .from(mqttOutgoing)
        .where(and(client, eq(mqttOutgoing.messageId, sql.placeholder('messageId'))))
        .orderBy(asc(mqttOutgoing.seq))
        .limit(1)
      return {
        insert: d
          .insert(mqttOutgoing)
          .values({
            clientId: sql.placeholder('clientId'),
            brokerId: sql.placeholder('brokerId'),
            brokerCounter: sql.placeholder('brokerCounter'),
            messageId: sql.placeholder('messageId'),
            packet: sql.placeholder('packet'),
            payload: sql.placeholder('payload'),
          })
          .prepare(),
        sameDelivery: d
          .select({ seq: mqttOutgoing.seq, packet: mqttOutgoing.packet, payload: mqttOutgoing.payload })
          .from(mqttOutgoing)
          .where(
            and(
              client,
              eq(mqttOutgoing.brokerId, sql.placeholder('brokerId')),
              eq(mqttOutgoing.brokerCounter, sql.placeholder('brokerCounter')),
            ),
          )
          .orderBy(asc(mqttOutgoing.seq))
          .limit(1)
          .prepare(),
        setMessageId: d
          .update(mqttOutgoing)
          .set({
            messageId: sql`${sql.placeholder('messageId')}`,
            packet: sql`${sql.placeholder('packet')}`,
            payload: sql`${sql.placeholder('payload')}`,
          })
          .where(eq(mqttOutgoing.seq, sql.placeholder('seq')))
          .prepare(),
        takeMessageId: d
          .delete(mqttOutgoing)
          .where(eq(mqttOutgoing.seq, sql`(${firstWithId})`))
          .returning()
          .prepare(),
      }
    })
  }

  async outgoingEnqueue(sub: { clientId: string }, packet: Pkt): Promise<void> {
    await this.outgoingEnqueueCombi([sub], packet)
  }

  async outgoingEnqueueCombi(subs: { clientId: string }[], packet: Pkt): Promise<void> {
    if (this.#maxQueued > 0) subs = subs.filter((s) => this.outgoingCount(s.clientId) < this.#maxQueued)
    if (subs.length === 0) return
    const p = new Packet(packet)
    const stored = toStored(p)
    const row = { brokerId: p.brokerId ?? null, brokerCounter: p.brokerCounter ?? null, messageId: p.messageId ?? null }
    // Counted before the insert is awaited, so a concurrent enqueue sees the queue's bound already taken; given back
    // if the insert fails.
    const count = (by: number) => {
      for (const s of subs) {
        const n = (this.#queued.get(s.clientId) ?? 0) + by
        if (n > 0) this.#queued.set(s.clientId, n)
        else this.#queued.delete(s.clientId)
      }
    }
    count(1)
    try {
      // One statement either way (all rows or none): the usual single subscriber through the compiled insert.
      if (subs.length === 1) await this.#out.insert.execute({ clientId: subs[0]!.clientId, ...row, ...stored })
      else await this.#db.insert(mqttOutgoing).values(subs.map((s) => ({ clientId: s.clientId, ...row, ...stored })))
    } catch (err) {
      count(-1)
      throw err
    }
  }

  async outgoingUpdate(client: ClientRef, packet: Pkt): Promise<void> {
    if (!this.#queued.get(client.id)) throw new Error('no such packet')
    const mine = eq(mqttOutgoing.clientId, client.id)
    // The same delivery (broker id + counter) only learns its packet id;
    // a different packet holding that packet id (a PUBREL after PUBREC) replaces it.
    if (packet.brokerId) {
      const same = await first(
        this.#out.sameDelivery.execute({
          clientId: client.id,
          brokerId: packet.brokerId,
          brokerCounter: packet.brokerCounter,
        }),
      )
      if (same) {
        const current = fromStored<Pkt>(same)
        current.messageId = packet.messageId
        await this.#out.setMessageId.execute({
          seq: same.seq,
          messageId: packet.messageId ?? null,
          ...toStored(current),
        })
        return
      }
    }
    const other = await first(
      this.#db
        .select({ seq: mqttOutgoing.seq })
        .from(mqttOutgoing)
        .where(
          and(
            mine,
            eq(mqttOutgoing.messageId, packet.messageId ?? -1),
            packet.brokerId
              ? or(ne(mqttOutgoing.brokerId, packet.brokerId), sql`${mqttOutgoing.brokerId} is null`)
              : undefined,
          ),
        )
        .orderBy(asc(mqttOutgoing.seq)),
    )
    if (!other) throw new Error('no such packet')
    await this.#db
      .update(mqttOutgoing)
      .set({
        brokerId: packet.brokerId ?? null,
        brokerCounter: packet.brokerCounter ?? null,
        messageId: packet.messageId,
        ...toStored(packet),
      })
      .where(eq(mqttOutgoing.seq, other.seq))
  }

  async outgoingClearMessageId(client: ClientRef, packet: Pkt): Promise<Pkt | undefined> {
    if (!this.#queued.get(client.id)) return undefined
    const row = await first(this.#out.takeMessageId.execute({ clientId: client.id, messageId: packet.messageId ?? -1 }))
    if (!row) return undefined
    // Read again: other enqueues and clears may have counted meanwhile.
    const left = (this.#queued.get(client.id) ?? 1) - 1
    if (left > 0) this.#queued.set(client.id, left)
    else this.#queued.delete(client.id)
    return fromStored(row)
  }

  outgoingStream(client: ClientRef): Readable {
    if (!this.#queued.get(client.id)) return Readable.from([])
    return Readable.from(this.#outgoingOf(client.id))
  }

  async *#outgoingOf(clientId: string): AsyncGenerator<Pkt> {
    const rows = await this.#db
      .select()
      .from(mqttOutgoing)
      .where(eq(mqttOutgoing.clientId, clientId))
      .orderBy(asc(mqttOutgoing.seq))
    for (const r of rows) yield fromStored<Pkt>(r)
  }

  /** Messages waiting for a client that is away (the limits and the device screen show it). */
  outgoingCount(clientId: string): number {
    return this.#queued.get(clientId) ?? 0
  }

  // ---- incoming (QoS 2 awaiting PUBREL) ----

  async incomingStorePacket(client: ClientRef, packet: IdPkt): Promise<void> {
    const p = new Packet(packet)
    p.messageId = packet.messageId
    const stored = toStored(p)
    await this.#db
      .insert(mqttIncoming)
      .values({ clientId: client.id, messageId: packet.messageId, ...stored })
      .onConflictDoUpdate({ target: [mqttIncoming.clientId, mqttIncoming.messageId], set: stored })
  }

  async incomingGetPacket(client: ClientRef, packet: IdPkt): Promise<Pkt> {
    const row = await first(
      this.#db
        .select()
        .from(mqttIncoming)
        .where(and(eq(mqttIncoming.clientId, client.id), eq(mqttIncoming.messageId, packet.messageId))),
    )
    if (!row) throw new Error('no such packet')
    return fromStored(row)
  }

  async incomingDelPacket(client: ClientRef, packet: IdPkt): Promise<void> {
    const gone = await this.#db
      .delete(mqttIncoming)
      .where(and(eq(mqttIncoming.clientId, client.id), eq(mqttIncoming.messageId, packet.messageId)))
      .returning({ id: mqttIncoming.messageId })
    if (gone.length === 0) throw new Error('no such packet')
  }

  async cleanIncoming(client: ClientRef): Promise<void> {
    await this.#db.delete(mqttIncoming).where(eq(mqttIncoming.clientId, client.id))
  }

  // ---- wills ----

  async putWill(client: ClientRef, packet: WillPkt): Promise<void> {
    if (!this.#broker) throw new Error('persistence used before setup')
    packet.brokerId = this.#broker.id
    packet.clientId = client.id
    const stored = toStored(packet)
    await this.#db
      .insert(mqttWill)
      .values({ clientId: client.id, brokerId: packet.brokerId, ...stored })
      .onConflictDoUpdate({ target: mqttWill.clientId, set: { brokerId: packet.brokerId, ...stored } })
  }

  async getWill(client: ClientRef): Promise<Pkt | undefined> {
    const row = await first(this.#db.select().from(mqttWill).where(eq(mqttWill.clientId, client.id)))
    return row ? fromStored(row) : undefined
  }

  async delWill(client: ClientRef): Promise<Pkt | undefined> {
    const row = await first(this.#db.delete(mqttWill).where(eq(mqttWill.clientId, client.id)).returning())
    return row ? fromStored(row) : undefined
  }

  streamWill(brokers: Brokers = {}): Readable {
    return Readable.from(this.#willsOutside(Object.keys(brokers)))
  }

  async *#willsOutside(alive: string[]): AsyncGenerator<Pkt> {
    const rows = await this.#db
      .select()
      .from(mqttWill)
      .where(alive.length ? notInArray(mqttWill.brokerId, alive) : undefined)
    for (const r of rows) yield fromStored<Pkt>(r)
  }

  async destroy(): Promise<void> {
    if (this.#destroyed) throw new Error('destroyed called twice!')
    this.#destroyed = true
    this.#subs.clear()
  }
}
