import { blob, index, integer, primaryKey, table, text } from './dialect.ts'

/*
 * The embedded broker's durable state (server/modules/iot/persistence.ts): what
 * MQTT promises to keep across a restart. Packets are stored as their JSON
 * shape plus the payload bytes, so a 1 MB payload is not inflated into JSON.
 * Broker state is not tenant data (a client id names its tenant), so these
 * tables carry no tenant_id and are not part of a tenant export.
 */

/** One row per (client, topic filter) of a persistent session. */
export const mqttSubscription = table(
  'mqtt_subscription',
  {
    clientId: text().notNull(),
    topic: text().notNull(),
    qos: integer().notNull(),
    /** MQTT 5 options and subscription identifier, JSON; null when absent. */
    options: text(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.topic] })],
)

/** Retained messages; seq keeps first-stored order across updates of a topic. */
export const mqttRetained = table('mqtt_retained', {
  seq: integer().primaryKey({ autoIncrement: true }),
  topic: text().notNull().unique(),
  packet: text().notNull(),
  payload: blob({ mode: 'buffer' }),
  size: integer().notNull().default(0),
})

/** QoS 1/2 messages queued for a persistent session, in delivery order. */
export const mqttOutgoing = table(
  'mqtt_outgoing',
  {
    seq: integer().primaryKey({ autoIncrement: true }),
    clientId: text().notNull(),
    brokerId: text(),
    brokerCounter: integer(),
    messageId: integer(),
    packet: text().notNull(),
    payload: blob({ mode: 'buffer' }),
  },
  (t) => [
    index('ix_mqtt_outgoing_client').on(t.clientId, t.seq),
    index('ix_mqtt_outgoing_msg').on(t.clientId, t.messageId),
  ],
)

/** QoS 2 messages received and awaiting PUBREL. */
export const mqttIncoming = table(
  'mqtt_incoming',
  {
    clientId: text().notNull(),
    messageId: integer().notNull(),
    packet: text().notNull(),
    payload: blob({ mode: 'buffer' }),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.messageId] })],
)

/** Last-will messages of connected clients, published by whichever broker finds its owner gone. */
export const mqttWill = table('mqtt_will', {
  clientId: text().primaryKey(),
  brokerId: text().notNull(),
  packet: text().notNull(),
  payload: blob({ mode: 'buffer' }),
})
