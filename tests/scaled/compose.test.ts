/**
 * compose.yaml's two profiles (issue #27), checked as data: this machine has no `docker compose` to run `config`
 * with, so the file is read with Bun's YAML parser and held to what the profiles promise. Starting the scaled
 * profile for real also needs the async data layer (the appliance opens PostgreSQL only through it).
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

interface Service {
  profiles?: string[]
  image?: string
  build?: string
  ports?: string[]
  environment?: Record<string, string>
  deploy?: { replicas?: number }
  depends_on?: Record<string, { condition: string }> | string[]
  healthcheck?: { test: string[] }
  configs?: { source: string; target: string }[]
  volumes?: string[]
}

const text = readFileSync(new URL('../../compose.yaml', import.meta.url), 'utf8')
const compose = Bun.YAML.parse(text) as {
  services: Record<string, Service>
  configs: Record<string, { content: string }>
  volumes: Record<string, unknown>
}
const { services } = compose
const inProfile = (p: string) => Object.keys(services).filter((s) => services[s].profiles?.includes(p))

describe('compose.yaml', () => {
  it('puts every service in exactly one profile, so a single box never runs beside the scaled one', () => {
    for (const [name, s] of Object.entries(services)) expect(s.profiles, name).toHaveLength(1)
    expect(inProfile('single')).toEqual(['atrium'])
    expect(inProfile('scaled').sort()).toEqual(['atrium-scaled', 'postgres', 'proxy', 'redis'])
  })

  it('runs two replicas on PostgreSQL and Redis, started once both answer', () => {
    const app = services['atrium-scaled']
    expect(app.deploy?.replicas).toBe(2)
    expect(app.build).toBe('.')
    expect(app.environment?.ATRIUM_DATABASE_URL).toMatch(
      /^postgres:\/\/atrium:\$\{ATRIUM_PG_PASSWORD:-[^}]+\}@postgres:5432\/atrium$/,
    )
    expect(app.environment?.ATRIUM_REDIS_URL).toBe('redis://redis:6379')
    expect(app.depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
    })
    expect(services.postgres.healthcheck?.test).toContain('pg_isready')
    expect(services.redis.healthcheck?.test).toContain('ping')
    // Files, secrets and uploads: the same data directory the single box keeps, so a move carries them along.
    expect(app.volumes).toContain('./data:/data')
    expect(services.atrium.volumes).toContain('./data:/data')
    expect(app.ports).toBeUndefined() // only the proxy is published
    expect(services.postgres.ports).toBeUndefined()
    expect(services.redis.ports).toBeUndefined()
  })

  it('puts nginx in front: HTTP with WebSocket upgrades and MQTT over TCP, to the replicas by name', () => {
    const proxy = services.proxy
    expect(proxy.ports).toEqual(['8080:80', '1883:1883'])
    expect(proxy.configs).toEqual([{ source: 'nginx', target: '/etc/nginx/nginx.conf' }])
    const conf = compose.configs.nginx.content
    const env = services['atrium-scaled'].environment!
    expect(conf).toContain(`server atrium-scaled:${env.PORT} resolve`)
    expect(conf).toContain(`server atrium-scaled:${env.MQTT_PORT} resolve`)
    expect(conf).toMatch(/proxy_set_header Upgrade \$\$http_upgrade;/)
    expect(conf).toMatch(/stream \{[\s\S]*listen 1883;/)
    // Every nginx variable is written $$ (a literal $): a bare $name would be replaced by compose, usually with "".
    expect(conf.match(/(?<!\$)\$(?!\$)/g)).toBeNull()
    // The trusted proxy range is the compose network's.
    expect(text).toContain(`subnet: ${env.ATRIUM_TRUSTED_PROXIES}`)
  })

  it('gives every variable it reads a default, so `config` never fails for a missing one', () => {
    const vars = [...text.matchAll(/(?<!\$)\$\{([^}]+)\}/g)].map((m) => m[1])
    expect(vars.length).toBeGreaterThan(0)
    for (const v of vars) expect(v, v).toMatch(/^[A-Z_]+:-/)
  })
})
