/**
 * The answer and request types the web takes from the server (issue #26): the
 * web imports them from here only, with `import type`, so no server code reaches
 * its bundle and no answer shape is written twice. A type the web needs of an
 * answer is exported here from where the server declares it;
 * tests/conventions/web-types.test.ts fails on a web type copying a server one.
 */
export type { LabView } from './modules/lab/engine/containers.ts'
export type { OpenApiDocument } from './lib/openapi.ts'
export type { Envelope, Page } from './lib/envelope.ts'
export type { Phase } from './modules/exam/sitting.ts'
export type { FolderNode } from './modules/content/cloud.ts'
export type { Lang } from './lib/messages.ts'
export type { SyncResult } from './modules/mail/inbox/sync.ts'
export type { ChapterProgress, CourseOverview } from './modules/course/overview.ts'
export type { Prototype } from './modules/develop/prototype.ts'
