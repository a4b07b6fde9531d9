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

let client: MqttClient | null = null
let connectedWith: string | null = null
const listeners = new Map<string, Set<Handler>>()

/** MQTT filter matching (+ one level, # the rest). */
export function topicMatches(filter: string, topic: string): boolean {
  const f = filter.split('/'), t = topic.split('/')
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
  const c = mqtt.connect(url, { username: 'browser', password: token, protocolVersion: 4, reconnectPeriod: 10_000, connectTimeout: 10_000, clean: true })
  c.on('connect', () => { if (listeners.size) c.subscribe([...listeners.keys()], { qos: 0 }) })
  c.on('message', (topic, bytes) => {
    let payload: unknown = bytes.toString()
    try { payload = JSON.parse(payload as string) } catch { /* plain text */ }
    for (const [filter, hs] of listeners) if (topicMatches(filter, topic)) hs.forEach((h) => h(topic, payload))
  })
  c.on('error', (e) => console.warn(`broker connection: ${e.message}`))
  client = c
  return c
}

session.subscribe(() => {
  if (session.get().token !== connectedWith && (client || listeners.size)) connect()
})

/** Calls handler for every message on filter while the component is mounted (null = listen to nothing). */
export function useBrokerTopic(filter: string | null | undefined, handler: Handler) {
  const latest = useRef(handler)
  latest.current = handler
  useEffect(() => {
    if (!filter) return
    const h: Handler = (t, p) => latest.current(t, p)
    const set = listeners.get(filter) ?? new Set()
    const first = set.size === 0
    set.add(h)
    listeners.set(filter, set)
    const c = connect()
    if (first && c?.connected) c.subscribe(filter, { qos: 0 })
    return () => {
      set.delete(h)
      if (set.size) return
      listeners.delete(filter)
      if (client?.connected) client.unsubscribe(filter)
    }
  }, [filter])
}
