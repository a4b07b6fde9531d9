import { copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { attach, oss } from '../../../db/schema/index.ts'
import type { Db } from '../../lib/db.ts'
import { newId } from '../../lib/ids.ts'
import { SYSTEM_USER } from '../../lib/reference/system-user.ts'
import { first } from '../../lib/rows.ts'
import { now } from '../../lib/time.ts'
import { withTransaction } from '../../lib/transaction.ts'
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
export async function seedDemoFiles(db: Db, tenantId = '000000') {
  const audit = { createUser: SYSTEM_USER, createTime: now(), updateUser: SYSTEM_USER, updateTime: now() }
  // The files' sizes are read before the transaction: it holds only database work.
  const files = DEMO_FILES.map(([file, kind, isPublic, contentType]) => ({
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
  }))
  await withTransaction(db, async (tx) => {
    const seeded = await first(
      tx
        .select({ id: oss.id })
        .from(oss)
        .where(tenantRows(oss, tenantId, { why: DEMO, withDeleted: true })),
    )
    if (seeded) return
    await tx.insert(oss).values({
      id: newId(),
      tenantId,
      ...audit,
      ossCode: 'local',
      category: 1,
      isEnabled: 1,
      remark: "本机磁盘（默认）/ the appliance's own disk",
    })
    await tx.insert(attach).values(files)
  })
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
