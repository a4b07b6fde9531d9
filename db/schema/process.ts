import { index, integer, table, text } from './dialect.ts'

/*
 * Several appliance processes share one database (issue #27): each registers
 * itself here and renews a lease while it lives (server/lib/processes.ts);
 * schedules claim their slot here so a slot runs once across processes
 * (server/lib/schedules.ts). Not tenant data: no tenant_id, not exported.
 */

/** One running appliance process. id is <node>/<pid>/<random>; a restart is a new row. */
export const appProcess = table(
  'blade_process',
  {
    id: text().primaryKey(),
    /** ATRIUM_NODE_ID, else the host name. */
    node: text().notNull(),
    pid: integer().notNull(),
    startTime: text(),
    /** Epoch ms until which the process counts as alive; its heartbeat moves it on. */
    leaseUntil: integer().notNull(),
  },
  (t) => [index('ix_process_lease').on(t.leaseUntil)],
)

/** A schedule slot taken by one process: `<schedule name>:<slot ISO time>`; the process that inserts it runs it. */
export const scheduleRun = table(
  'blade_schedule_run',
  {
    key: text().primaryKey(),
    owner: text().notNull(),
    /** Epoch ms when it was taken, for pruning. */
    at: integer().notNull(),
  },
  (t) => [index('ix_schedule_run_at').on(t.at)],
)
