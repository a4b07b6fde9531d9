import { join, resolve } from 'node:path'

/** Every setting the appliance reads, with its default. The README's configuration table mirrors this list. */
export interface Config {
  port: number
  mqttPort: number
  dataDir: string
  dbFile: string
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
  defaultTenantId: string
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
    webDist: resolve(env.ATRIUM_WEB_DIST ?? 'web/dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    accessTokenTtl: num(env.ATRIUM_ACCESS_TOKEN_TTL, 3600),
    refreshTokenTtl: num(env.ATRIUM_REFRESH_TOKEN_TTL, 7 * 24 * 3600),
    captchaMode: flag(env.ATRIUM_CAPTCHA_MODE),
    maxLoginFailures: 5,
    defaultTenantId: '000000',
  }
}
