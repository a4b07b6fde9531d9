import { sql } from 'drizzle-orm'
import { index, integer, real, table, text, uniqueIndex } from './dialect.ts'
import { commonColumns, scopedListIndex } from './common.ts'

/**
 * A lab environment: a real image on the engine (imported from a `docker save`
 * tarball or built from a Dockerfile folder) with the limits every container
 * started from it gets unless an experiment says otherwise.
 */
export const labImage = table(
  'hm_images',
  {
    ...commonColumns(),
    title: text().notNull(),
    /** The engine's image reference (repo:tag) containers are created from. */
    imageId: text().notNull(),
    /** Dictionary image_from. */
    type: text(),
    /** Dictionary experiment_type. */
    experimentType: text(),
    /** Free text shown to staff, e.g. "1 CPU / 512 MB". */
    spec: text(),
    /** Where the learner's workspace is mounted (and the experiment's code copied). */
    codePath: text().notNull().default('/workspace'),
    pwds: text(),
    /** Network: 'none' (default) or 'isolated' (a private network of its own, no route out). */
    securitys: text().notNull().default('none'),
    /** Shell the terminal runs. */
    path: text().notNull().default('/bin/sh'),
    cpus: real().notNull().default(1),
    memoryMb: integer().notNull().default(256),
    pidsLimit: integer().notNull().default(128),
    workspaceMb: integer().notNull().default(100),
    /** 'terminal' or 'web' (a notebook or VNC shown through the appliance's proxy). */
    service: text().notNull().default('terminal'),
    webPort: integer(),
    /** Capabilities the image needs back after all are dropped, comma-joined (e.g. CHOWN,SETUID). */
    capAdd: text(),
    /** 1 when the image runs with a read-only root (its writable places are the workspace and /tmp). */
    readOnlyRoot: integer().notNull().default(1),
    /** Containers kept started and waiting for learners. */
    poolSize: integer().notNull().default(0),
    /** 0 ready, 1 importing/building, 2 failed. */
    buildState: integer().notNull().default(0),
    buildLog: text(),
  },
  (t) => [scopedListIndex('lab_image', t)],
)

export const experiment = table(
  'hm_experiment',
  {
    ...commonColumns(),
    title: text().notNull(),
    cover: text(),
    /** Code folder under <data>/lab-code copied into a new workspace. */
    folders: text(),
    /** hm_images id of the environment. */
    imagesName: text().notNull(),
    /** The manual (Markdown). */
    wareName: text(),
    videoWareName: text(),
    /** KEY=value lines passed to the learner's shell. */
    env: text(),
    /** Minutes a container lives before it must be extended. */
    durationMinutes: integer().notNull().default(60),
    renewMinutes: integer().notNull().default(30),
    maxRenewals: integer().notNull().default(3),
    /** Minutes without a terminal before the container is stopped. */
    idleMinutes: integer().notNull().default(15),
  },
  (t) => [scopedListIndex('experiment', t)],
)

/** An experiment's steps, shown beside the terminal (courseware steps are content's hm_ware_step). */
export const experimentStep = table(
  'hm_experiment_step',
  {
    ...commonColumns(),
    experimentId: text().notNull(),
    title: text().notNull(),
    content: text(),
    sort: integer().notNull().default(0),
  },
  (t) => [index('ix_experiment_step').on(t.experimentId)],
)

/** Enrolment of a learner in an experiment (status 1 enrolled, 0 pending). */
export const experimentUser = table(
  'blade_experiment_user',
  {
    ...commonColumns(),
    experimentId: text().notNull(),
    userId: text().notNull(),
  },
  (t) => [index('ix_experiment_user').on(t.experimentId, t.userId)],
)

/**
 * A learner's lab: one row per container life. The container itself is found
 * again by its id and labels; the workspace volume outlives expiry and idle
 * stops (only reset empties it).
 */
export const userContainer = table(
  'hm_user_container',
  {
    ...commonColumns(),
    experimentId: text().notNull(),
    userId: text().notNull(),
    imageRowId: text().notNull(),
    /** 'queued', 'running', 'ended'. */
    state: text().notNull().default('running'),
    containerId: text(),
    volume: text(),
    network: text(),
    startTime: text(),
    /** ISO time the container is reaped at unless extended. */
    expireTime: text(),
    renewals: integer().notNull().default(0),
    /** Last time a terminal was attached or typed into (idle reaping). */
    lastActive: text(),
    endTime: text(),
    /** Why it ended: expired, idle, reset, stopped, orphan, host-lost. */
    endReason: text(),
    /** lab_host name of the engine it runs on; NULL: the local engine (DOCKER_HOST). */
    host: text(),
  },
  (t) => [
    index('ix_user_container_owner').on(t.tenantId, t.userId, t.experimentId, t.state),
    index('ix_user_container_state').on(t.state),
    // A container belongs to one lab: a warm container two processes both adopted is claimed by one open only
    // (server/modules/lab/engine/containers.ts claimWarm). Docker never reuses a container id.
    uniqueIndex('ux_user_container_container')
      .on(t.containerId)
      .where(sql`container_id IS NOT NULL`),
  ],
)

/**
 * A Docker engine labs may run on, listed by the platform administrator only
 * (tenant 000000). With no row, labs run on the local engine (DOCKER_HOST).
 * TLS material is stored encrypted with the data directory's secret.
 */
export const labHost = table(
  'lab_host',
  {
    ...commonColumns(),
    name: text().notNull(),
    /** unix:///path, tcp://host:port (TLS) or ssh://user@host[:port]. */
    endpoint: text().notNull(),
    tlsCa: text(),
    tlsCert: text(),
    /** Encrypted at rest (AES-256-GCM keyed from the appliance secret); masked in detail. */
    tlsKey: text(),
    maxLabs: integer().notNull().default(60),
    enabled: integer().notNull().default(1),
    /** 'up', 'down' or 'unknown', as the last probe of any process saw it. */
    state: text().notNull().default('unknown'),
    version: text(),
    /** When a probe first found it down (the grace before its labs end counts from here). */
    downSince: text(),
    checkedAt: text(),
  },
  (t) => [uniqueIndex('ux_lab_host_name').on(t.name)],
)
