import { rmSync } from 'node:fs'
import { loadConfig } from './lib/config.ts'
import { finishRestore, writePidFile } from './modules/backup/restore.ts'
import { runScheduledBackup } from './modules/backup/schedule.ts'
import { prepareUpgrade } from './modules/backup/upgrade.ts'
import { createApp } from './app.ts'
import { boot } from './boot.ts'
import { closeDb, dbEngine } from './lib/db.ts'
import { startCheckpointer } from './lib/wal-checkpoint.ts'
import { recordUsual } from './lib/logs.ts'
import { startBroker } from './broker.ts'
import { pruneDeviceLogs } from './modules/iot/presence.ts'
import { startIot } from './modules/iot/index.ts'
import { userInbox } from './modules/iot/topics.ts'
import { pruneSessions } from './modules/auth/sessions.ts'
import { pruneThrottles } from './lib/throttle.ts'
import { githubProvider } from './modules/auth/social/github.ts'
import { registerSocialProvider } from './modules/auth/social/provider.ts'
import { finalizeExpired } from './modules/exam/sitting.ts'
import { startJobRunner } from './lib/jobs.ts'
import { startProcess } from './lib/processes.ts'
import { defineSchedule, startSchedules } from './lib/schedules.ts'
import { useTranscodeServices } from './modules/course/transcode.ts'
import { useWorkflowTimers } from './modules/workflow/engine/timers.ts'

// Recurring work: each slot runs in one process of those sharing the database (server/lib/schedules.ts).
defineSchedule('sessions.prune', '17 3 * * *', async (services) => {
  await pruneSessions(services)
  await pruneThrottles(services.db)
})
defineSchedule('backup.nightly', '*/5 * * * *', (services) => runScheduledBackup(services))
// Exams whose time ran out are submitted even when nobody calls (idempotent: the state is in the database).
defineSchedule('exam.finalize-expired', '*/15 * * * * *', (services) => finalizeExpired(services.db))
defineSchedule('iot.device-logs.prune', '37 3 * * *', (services) => pruneDeviceLogs(services))

/** Starts the appliance: database, broker, HTTP, jobs; stops them in reverse on SIGTERM/SIGINT. */
export async function main() {
  const config = loadConfig()
  // Before anything opens the database: refuse a newer data directory, back an older one up before migrating it.
  const preUpgrade = await prepareUpgrade(config)
  const services = await boot(config)
  const { log } = services
  // WAL checkpoints are the SQLite file's; PostgreSQL checkpoints by itself.
  const checkpointer =
    dbEngine(services.db) === 'sqlite'
      ? startCheckpointer(services.db, config.dbFile, log)
      : { stop: () => Promise.resolve() }
  if (preUpgrade)
    log.info(
      { backup: preUpgrade, migrated: services.migrated },
      'upgraded the data directory; the previous state is backed up',
    )
  if (process.env.ATRIUM_GITHUB_CLIENT_ID && process.env.ATRIUM_GITHUB_CLIENT_SECRET)
    registerSocialProvider(githubProvider(process.env.ATRIUM_GITHUB_CLIENT_ID, process.env.ATRIUM_GITHUB_CLIENT_SECRET))
  // Registered (and earlier processes of this node found dead) before presence, jobs and schedules use its id.
  const me = await startProcess(services)
  const mqtt = await startBroker(services)
  services.broker = mqtt.state
  services.mqtt = mqtt
  // A learner whose lab ended without them (its host lost) is told on their live queue.
  services.labs.tell = (userId, push) => mqtt.publish(userInbox(userId), push)
  const iot = await startIot(services)
  await services.labs.start()
  const app = createApp(services).listen({ port: config.port, hostname: process.env.HOST ?? '0.0.0.0' })
  log.info({ port: config.port, dataDir: config.dataDir }, `Atrium listening on http://localhost:${config.port}`)
  await recordUsual(services, config.defaultTenantId, 'appliance started', {
    port: config.port,
    mqttPort: config.mqttPort,
  })
  // One file per process (run/<node>.<pid>.pid): a restore stops every process serving this directory.
  const pidFile = writePidFile(config.dataDir)
  const restored = finishRestore(config.dataDir)
  if (restored) await recordUsual(services, config.defaultTenantId, 'restore completed', restored)
  const schedules = startSchedules(services, me.id)
  useTranscodeServices(services)
  // Workflow timers (deadlines, reminders) are jobs: one due while the appliance was down fires once now.
  useWorkflowTimers(services)
  const queue = startJobRunner(services)

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    log.info({ signal }, 'shutting down')
    await schedules.stop()
    // Running jobs (transcodes) are put back in the queue: another process or the next start resumes them.
    await queue.stop()
    // stop(false) lets in-flight requests finish before the socket closes.
    await app.stop(false)
    await iot.stop()
    await services.labs.stop()
    await mqtt.close()
    await me.stop()
    await checkpointer.stop()
    await closeDb(services.db)
    rmSync(pidFile, { force: true })
    log.info('stopped')
    process.exit(0)
  }
  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('SIGINT', () => void stop('SIGINT'))
}

if (import.meta.main) await main()
