import { databaseUrl } from './db-url.ts'
import { hostname, networkInterfaces } from 'node:os'
import { join, resolve } from 'node:path'

/** ATRIUM_NODE_ID, else the host name: names this machine (container) among those sharing the database (processes.ts). */
export const nodeName = (env: Record<string, string | undefined> = process.env) =>
  env.ATRIUM_NODE_ID?.trim() || hostname()

/**
 * The engine's socket: DOCKER_HOST (unix://…) first, then ATRIUM_DOCKER_SOCKET, then the usual path. Read here
 * rather than in modules/lab/engine/docker.ts so that loading the config does not load dockerode (lib imports no lab code).
 */
export function dockerSocket(env: Record<string, string | undefined> = process.env): string {
  const host = env.DOCKER_HOST
  if (host?.startsWith('unix://')) return host.slice('unix://'.length)
  return env.ATRIUM_DOCKER_SOCKET || '/var/run/docker.sock'
}

/** Every setting the appliance reads, with its default. The README's configuration table mirrors this list. */
export interface Config {
  port: number
  mqttPort: number
  dataDir: string
  dbFile: string
  /** ATRIUM_DATABASE_URL when it names PostgreSQL; unset, the SQLite file `dbFile` is the database. */
  databaseUrl?: string
  webDist: string
  logLevel: string
  /** Access token lifetime in seconds (answered as expires_in). */
  accessTokenTtl: number
  /** Refresh token lifetime in seconds. */
  refreshTokenTtl: number
  /** When on, sign-in must use grant_type=captcha. */
  captchaMode: boolean
  /** Failed sign-ins before an account locks. */
  maxLoginFailures: number
  /** No refresh extends a session past this many seconds after sign-in. */
  sessionMaxAge: number
  /** Proxies (addresses or CIDR ranges) whose X-Forwarded-For is believed. */
  trustedProxies: string[]
  /** Failed sign-ins per client address, and per account from one address, within signinWindow seconds, before 429. */
  signinIpLimit: number
  signinAccountIpLimit: number
  signinWindow: number
  /** Registrations per client address per hour, and pending applications a tenant may hold. */
  registerIpLimit: number
  pendingMax: number
  /** Captchas one client address may ask for per minute. */
  captchaIpLimit: number
  defaultTenantId: string
  /** Address the MQTT listener binds (MQTT_HOST, default HOST). */
  mqttHost: string
  /** Broker limits: memory stays bounded whatever clients send. */
  mqtt: {
    maxPacketBytes: number
    maxRetainedPerClient: number
    maxRetainedTotal: number
    /** Unacknowledged QoS 1/2 messages in flight per client, each way. */
    maxInflight: number
    /** Messages queued for one offline persistent session (older ones are kept, newer dropped). */
    maxQueued: number
    maxConnectionsPerDevice: number
    maxConnections: number
    /** Longest keep-alive a client may ask for, seconds. */
    maxKeepalive: number
    /** ATRIUM_REDIS_URL: sessions, retained messages and deliveries shared through Redis by several processes. */
    redisUrl?: string
  }
  /** Days device telemetry and events are kept before the nightly prune. */
  deviceLogDays: number
  /** The Docker engine's unix socket (labs, health). */
  dockerSocket: string
  /** Address devices reach the appliance at over HTTP (firmware downloads): ATRIUM_PUBLIC_URL, else this host's LAN address. */
  publicUrl: string
  /** Seconds a device may stay silent during an upgrade before its task counts as failed. */
  otaTaskTimeout: number
  /** ATRIUM_NODE_ID (else the host name): names this machine among the processes sharing the database. */
  nodeId: string
  /** ATRIUM_LEASE_MS: how long a process and the jobs it runs count as alive without a heartbeat (renewed every third of it). */
  leaseMs: number
  /** Ranges tenant-configured URLs may reach although private (`cidr` or `tenant=cidr`; server/lib/outbound.ts). */
  outboundAllow: string[]
}

/** The first non-internal IPv4 address (what devices on the school network can reach), or loopback. */
function lanAddress(host: string | undefined): string {
  if (host && host !== '0.0.0.0' && host !== '::') return host
  for (const list of Object.values(networkInterfaces()))
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address
  return '127.0.0.1'
}

const num = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d)
const flag = (v: string | undefined) => v === '1' || v === 'true' || v === 'on'

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const dataDir = resolve(env.ATRIUM_DATA_DIR ?? './data')
  return {
    port: num(env.PORT, 8080),
    mqttPort: num(env.MQTT_PORT, 1883),
    dataDir,
    dbFile: join(dataDir, 'atrium.db'),
    databaseUrl: databaseUrl(env),
    webDist: resolve(env.ATRIUM_WEB_DIST ?? 'web/dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    accessTokenTtl: num(env.ATRIUM_ACCESS_TOKEN_TTL, 3600),
    refreshTokenTtl: num(env.ATRIUM_REFRESH_TOKEN_TTL, 7 * 24 * 3600),
    captchaMode: flag(env.ATRIUM_CAPTCHA_MODE),
    maxLoginFailures: 5,
    sessionMaxAge: num(env.ATRIUM_SESSION_MAX_AGE, 30 * 24 * 3600),
    trustedProxies: (env.ATRIUM_TRUSTED_PROXIES ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    signinIpLimit: num(env.ATRIUM_SIGNIN_IP_LIMIT, 20),
    signinAccountIpLimit: num(env.ATRIUM_SIGNIN_ACCOUNT_IP_LIMIT, 5),
    signinWindow: 15 * 60,
    registerIpLimit: num(env.ATRIUM_REGISTER_IP_LIMIT, 5),
    pendingMax: num(env.ATRIUM_PENDING_MAX, 200),
    captchaIpLimit: num(env.ATRIUM_CAPTCHA_IP_LIMIT, 30),
    defaultTenantId: '000000',
    mqttHost: env.MQTT_HOST ?? env.HOST ?? '0.0.0.0',
    mqtt: {
      maxPacketBytes: num(env.MQTT_MAX_PACKET_BYTES, 256 * 1024),
      maxRetainedPerClient: num(env.MQTT_MAX_RETAINED_PER_CLIENT, 20),
      maxRetainedTotal: num(env.MQTT_MAX_RETAINED, 10_000),
      maxInflight: num(env.MQTT_MAX_INFLIGHT, 100),
      maxQueued: num(env.MQTT_MAX_QUEUED, 1000),
      maxConnectionsPerDevice: num(env.MQTT_MAX_CONNECTIONS_PER_DEVICE, 2),
      maxConnections: num(env.MQTT_MAX_CONNECTIONS, 20_000),
      maxKeepalive: num(env.MQTT_MAX_KEEPALIVE, 3600),
      redisUrl: env.ATRIUM_REDIS_URL || undefined,
    },
    deviceLogDays: num(env.ATRIUM_DEVICE_LOG_DAYS, 30),
    // The engine is a fact of the machine: a partial env (tests) still finds it through the process's DOCKER_HOST.
    dockerSocket: dockerSocket({ ...process.env, ...env }),
    publicUrl: (env.ATRIUM_PUBLIC_URL ?? `http://${lanAddress(env.HOST)}:${num(env.PORT, 8080)}`).replace(/\/+$/, ''),
    otaTaskTimeout: num(env.ATRIUM_OTA_TASK_TIMEOUT, 600),
    nodeId: nodeName(env),
    leaseMs: Math.max(300, num(env.ATRIUM_LEASE_MS, 30_000)),
    outboundAllow: (env.ATRIUM_OUTBOUND_ALLOW ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  }
}
