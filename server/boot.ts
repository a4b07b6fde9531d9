import { createLogger } from './lib/logger.ts'
import { loadConfig, type Config } from './lib/config.ts'
import { migrateDatabase, openDatabase } from './lib/db.ts'
import { allowOutbound } from './lib/outbound.ts'
import { privateDataDir } from './lib/data-permissions.ts'
import { loadSecrets } from './lib/secrets.ts'
import type { Services } from './lib/context.ts'
import { syncReference } from './lib/reference/sync.ts'
import { seedDemoSchool } from './modules/system/demo-school.ts'
import { installDemoFiles, seedDemoFiles } from './modules/resource/demo-files.ts'
import { seedDemoExam } from './modules/exam/demo-exam.ts'
import { seedDemoIot } from './modules/iot/demo-iot.ts'
import { seedDemoLabs } from './modules/lab/demo.ts'
import { Labs } from './modules/lab/engine/service.ts'
import { dockerLabHost } from './modules/lab/engine/docker.ts'
import { seedDemoContent } from './modules/course/demo-content.ts'
import { deployLeaveSample } from './modules/workflow/engine/leave-sample.ts'
import { seedApplianceTemplatesEverywhere } from './modules/mail/appliance-templates.ts'
import { scheduleInboxSyncs } from './modules/mail/inbox/schedule.ts'
import { seedDemoWorkflow } from './modules/workflow/design/demo.ts'
import { seedDemoSms } from './modules/sms/demo.ts'
import { seedDemoPay } from './modules/pay/demo.ts'
import { seedDemoInbox } from './modules/mail/inbox/demo.ts'
import { seedDemoReport } from './modules/report/demo.ts'
import { seedDemoAssistant } from './modules/assistant/demo.ts'

/**
 * Opens the data directory: database (WAL), migrations, reference data (every
 * start), the demo school (first start) and secrets. Shared by main.ts and the CLI so both see the same appliance.
 */
export async function boot(
  config: Config = loadConfig(),
  opts: { seed?: boolean; logLevel?: string } = {},
): Promise<Services & { seeded: boolean; migrated: string[] }> {
  const log = createLogger(opts.logLevel ?? config.logLevel)
  privateDataDir(config.dataDir)
  const db = openDatabase(config)
  const migrated = await migrateDatabase(db)
  allowOutbound(db, config.outboundAllow)
  const seeded = opts.seed === false ? false : await prepare(db)
  if (seeded) log.info({ dataDir: config.dataDir }, 'first start: database seeded')
  installDemoFiles(config.dataDir)
  const { jwtSecret } = loadSecrets(config.dataDir)
  privateDataDir(config.dataDir)
  return {
    id: crypto.randomUUID(),
    db,
    config,
    log,
    jwtSecret,
    labs: new Labs(db, log, jwtSecret, dockerLabHost(config.dockerSocket)),
    seeded,
    migrated,
  }
}

/**
 * Brings the database's reference data up to date (every start: an upgraded
 * install gets new areas' menus and dictionaries), then seeds the demo school
 * on first start. Answers whether this was the first start.
 */
export async function prepare(db: Services['db']): Promise<boolean> {
  await syncReference(db)
  const first = await seedDemoSchool(db)
  if (first) {
    await seedDemoFiles(db)
    await seedDemoExam(db)
    await seedDemoIot(db)
    await seedDemoLabs(db)
    await seedDemoContent(db)
    await seedDemoSms(db)
    // After the demo content: the sample order is the demo student's, of its first course.
    await seedDemoPay(db)
    // After the mail area's demo account, which its messages are filed under.
    await seedDemoInbox(db)
    // After the demo exam, whose results it prints.
    await seedDemoReport(db)
    // After the demo content and accounts: a question the demo student asked about the first course.
    await seedDemoAssistant(db)
  }
  // Every start, idempotent: a school that predates one of the appliance's mail templates gets it.
  await seedApplianceTemplatesEverywhere(db)
  // Every start, idempotent: each enabled mail account's automatic inbox sync has its next turn queued.
  await scheduleInboxSyncs(db)
  // Every start, idempotent: a school without the leave sample (new since the last start) gets it.
  await deployLeaveSample(db)
  // After the leave sample: the demo's workflow rows point at its definition and start one leave request.
  if (first) await seedDemoWorkflow(db)
  return first
}
