import { copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { attach, oss } from '../../../db/schema/index.ts'
import type { Db } from '../../lib/db.ts'
import { newId } from '../../lib/ids.ts'
import { SYSTEM_USER } from '../../lib/reference/system-user.ts'
import { now } from '../../lib/time.ts'
import { tenantRows } from '../../lib/tenant-rows.ts'

const DEMO = 'demo data is written once for a new tenant, by the system'

const ASSETS = fileURLToPath(new URL('../../../db/seed/assets', import.meta.url))

/** Demo files shipped in db/seed/assets: [file, kind, public, content type]. */
const DEMO_FILES: [string, string, boolean, string][] = [
  ...[1, 2, 3, 4, 5, 6].map((i): [string, string, boolean, string] => [`cover-${i}.jpg`, 'image', true, 'image/jpeg']),
  ...[1, 2, 3].map((i): [string, string, boolean, string] => [`banner-${i}.jpg`, 'banner', true, 'image/jpeg']),
  ['demo-video.mp4', 'courseware', false, 'video/mp4'],
  ['demo-guide.pdf', 'document', false, 'application/pdf'],
  ['demo-notes.md', 'document', false, 'text/markdown; charset=utf-8'],
]

const keyOf = (file: string, isPublic: boolean) => `${isPublic ? 'public' : 'private'}/demo/${file}`

/** The link of a demo file (as stored in seeded covers, banners and courseware). */
export const demoLink = (file: string) => {
  const f = DEMO_FILES.find((d) => d[0] === file)!
  return `/upload/${keyOf(file, f[2])}`
}

/** First start: rows for the demo files and the default storage configuration (the local disk). */
export function seedDemoFiles(db: Db, tenantId = '000000') {
  if (
    db
      .select({ id: oss.id })
      .from(oss)
      .where(tenantRows(oss, tenantId, { why: DEMO, withDeleted: true }))
      .get()
  )
    return
  const audit = { createUser: SYSTEM_USER, createTime: now(), updateUser: SYSTEM_USER, updateTime: now() }
  db.transaction((tx) => seedRows(tx, tenantId, audit))
}

function seedRows(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  tenantId: string,
  audit: Record<string, string>,
) {
  tx.insert(oss)
    .values({
      id: newId(),
      tenantId,
      ...audit,
      ossCode: 'local',
      category: 1,
      isEnabled: 1,
      remark: "本机磁盘（默认）/ the appliance's own disk",
    })
    .run()
  for (const [file, kind, isPublic, contentType] of DEMO_FILES) {
    tx.insert(attach)
      .values({
        id: newId(),
        tenantId,
        ...audit,
        link: demoLink(file),
        name: keyOf(file, isPublic),
        originalName: file,
        extension: file.split('.').pop()!,
        attachSize: statSync(join(ASSETS, file)).size,
        contentType,
        kind,
        isPublic: isPublic ? 1 : 0,
        ossId: null,
      })
      .run()
  }
}

/** Copies the demo files into <data>/uploads where missing (every start: cheap, and a restored data directory gets them back). */
export function installDemoFiles(dataDir: string) {
  for (const [file, , isPublic] of DEMO_FILES) {
    const target = join(dataDir, 'uploads', keyOf(file, isPublic))
    if (existsSync(target)) continue
    mkdirSync(dirname(target), { recursive: true })
    copyFileSync(join(ASSETS, file), target)
  }
}
