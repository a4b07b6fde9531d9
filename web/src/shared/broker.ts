import mqtt, { type MqttClient } from 'mqtt'
import { useEffect, useRef } from 'react'
import { session } from './session'

/*
 * The web app's one broker connection (MQTT over WebSocket at /mqtt, signed in
 * with the access token). Screens listen to topics through useBrokerTopic; the
 * connection follows the session (a refreshed token reconnects, sign-out
 * closes it). A broker that cannot be reached is only logged (spec): screens
 * keep their ordinary behaviour.
 */

type Handler = (topic: string, payload: unknown) => void
/** Called once the broker has accepted a subscription (first time and after every reconnect). */
type Ready = () => void

let client: MqttClient | null = null
let connectedWith: string | null = null
const listeners = new Map<string, Set<Handler>>()
const readies = new Map<string, Set<Ready>>()

/** Subscribes and, on the broker's acknowledgement, tells the filter's listeners they now receive pushes. */
function subscribe(c: MqttClient, filters: string[]) {
  c.subscribe(filters, { qos: 0 }, (err) => {
    if (!err) for (const f of filters) readies.get(f)?.forEach((r) => r())
  })
}

/** MQTT filter matching (+ one level, # the rest). */
export function topicMatches(filter: string, topic: string): boolean {
  const f = filter.split('/'),
    t = topic.split('/')
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '#') return true
    if (i >= t.length || (f[i] !== '+' && f[i] !== t[i])) return false
  }
  return f.length === t.length
}

function connect() {
  const { token } = session.get()
  if (token === connectedWith && client) return client
  client?.end(true)
  client = null
  connectedWith = token
  if (!token || typeof WebSocket === 'undefined') return null
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/mqtt`
  const c = mqtt.connect(url, {
    username: 'browser',
    password: token,
    protocolVersion: 4,
    reconnectPeriod: 10_000,
    connectTimeout: 10_000,
    clean: true,
  })
  c.on('connect', () => {
    if (listeners.size) subscribe(c, [...listeners.keys()])
  })
  c.on('message', (topic, bytes) => {
    let payload: unknown = bytes.toString()
    try {
      payload = JSON.parse(payload as string)
    } catch {
      /* plain text */
    }
    for (const [filter, hs] of listeners) if (topicMatches(filter, topic)) hs.forEach((h) => h(topic, payload))
  })
  c.on('error', (e) => console.warn(`broker connection: ${e.message}`))
  client = c
  return c
}

session.subscribe(() => {
  if (session.get().token !== connectedWith && (client || listeners.size)) connect()
})

/**
 * Calls handler for every message on filter while the component is mounted (null = listen to nothing).
 * Pushes are QoS 0: whatever was published before the subscription took hold (or while the connection was
 * down) is not replayed, so `onReady` runs after each accepted subscription for the screen to catch up.
 */
export function useBrokerTopic(filter: string | null | undefined, handler: Handler, onReady?: Ready) {
  const latest = useRef(handler)
  latest.current = handler
  const ready = useRef(onReady)
  ready.current = onReady
  useEffect(() => {
    if (!filter) return
    const h: Handler = (t, p) => latest.current(t, p)
    const r: Ready = () => ready.current?.()
    const set = listeners.get(filter) ?? new Set()
    const first = set.size === 0
    set.add(h)
    listeners.set(filter, set)
    const rs = readies.get(filter) ?? new Set()
    rs.add(r)
    readies.set(filter, rs)
    const c = connect()
    if (first && c?.connected) subscribe(c, [filter])
    return () => {
      set.delete(h)
      rs.delete(r)
      if (set.size) return
      listeners.delete(filter)
      readies.delete(filter)
      if (client?.connected) client.unsubscribe(filter)
    }
  }, [filter])
}
