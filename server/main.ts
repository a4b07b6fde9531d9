import cron from 'node-cron'
import { createApp } from './app.ts'
import { boot } from './boot.ts'
import { closeDb } from './lib/db.ts'
import { recordUsual } from './lib/logs.ts'
import { startBroker } from './broker.ts'
import { pruneSessions } from './modules/auth/grant.ts'
import { githubProvider } from './modules/auth/social/github.ts'
import { registerSocialProvider } from './modules/auth/social/provider.ts'

/** Starts the appliance: database, broker, HTTP, jobs; stops them in reverse on SIGTERM/SIGINT. */
export async function main() {
  const services = boot()
  const { config, log } = services
  if (process.env.ATRIUM_GITHUB_CLIENT_ID && process.env.ATRIUM_GITHUB_CLIENT_SECRET)
    registerSocialProvider(githubProvider(process.env.ATRIUM_GITHUB_CLIENT_ID, process.env.ATRIUM_GITHUB_CLIENT_SECRET))
  const mqtt = await startBroker(config.mqttPort, log)
  services.broker = mqtt.state
  const app = createApp(services).listen({ port: config.port, hostname: process.env.HOST ?? '0.0.0.0' })
  log.info({ port: config.port, dataDir: config.dataDir }, `Atrium listening on http://localhost:${config.port}`)
  recordUsual(services, config.defaultTenantId, 'appliance started', { port: config.port, mqttPort: config.mqttPort })
  const jobs = [cron.schedule('17 3 * * *', () => pruneSessions(services))]

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    log.info({ signal }, 'shutting down')
    jobs.forEach((j) => j.stop())
    // stop(false) lets in-flight requests finish before the socket closes.
    await app.stop(false)
    await mqtt.close()
    closeDb(services.db)
    log.info('stopped')
    process.exit(0)
  }
  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('SIGINT', () => void stop('SIGINT'))
}

if (import.meta.main) await main()
