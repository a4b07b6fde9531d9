import { and, eq } from 'drizzle-orm'
import type { Db } from '../../lib/db.ts'
import { newId } from '../../lib/ids.ts'
import { first } from '../../lib/rows.ts'
import { now } from '../../lib/time.ts'
import { withTransaction, type Tx } from '../../lib/transaction.ts'
import { experiment, experimentUser, labImage, user, experimentStep } from '../../../db/schema/index.ts'
import { tenantRows } from '../../lib/tenant-rows.ts'

const DEMO = 'demo data is written once for a new tenant, by the system'

/** The lab environment the demo and the tests use; `atrium images build` or the CI script puts it on the engine. */
export const DEMO_LAB_IMAGE = 'atrium/lab-busybox:1'

const MANUAL = `# Linux 命令行入门

本实验在你自己的容器中进行：左侧是实验手册，右侧是终端。

1. 用 \`pwd\` 查看当前目录（工作目录 /workspace 会保存你的文件）。
2. 用 \`echo hello > hello.txt\` 创建文件，再用 \`cat hello.txt\` 查看。
3. 用 \`ls -l\` 列出文件，并在页面上下载 hello.txt。
`

/** First start: one environment, one experiment with steps, the demo student enrolled (once; never again after). */
export async function seedDemoLabs(db: Db, tenantId = '000000'): Promise<void> {
  // Looked for inside the transaction that writes it: two processes starting at once seed it once.
  await withTransaction(db, async (tx) => {
    const seeded = await first(
      tx
        .select({ id: labImage.id })
        .from(labImage)
        .where(tenantRows(labImage, tenantId, { why: DEMO, withDeleted: true })),
    )
    if (!seeded) await writeDemo(tx, tenantId)
  })
}

async function writeDemo(tx: Tx, tenantId: string): Promise<void> {
  const audit = { tenantId, createUser: '0', createTime: now(), updateUser: '0', updateTime: now() }
  const imageRowId = newId()
  await tx.insert(labImage).values({
    id: imageRowId,
    ...audit,
    title: 'BusyBox 命令行环境',
    imageId: DEMO_LAB_IMAGE,
    type: '2',
    experimentType: '1',
    spec: '0.5 CPU / 128 MB',
    codePath: '/workspace',
    path: '/bin/sh',
    cpus: 0.5,
    memoryMb: 128,
    pidsLimit: 64,
    workspaceMb: 50,
  })
  const experimentId = newId()
  await tx.insert(experiment).values({
    id: experimentId,
    ...audit,
    title: 'Linux 命令行入门',
    imagesName: imageRowId,
    wareName: MANUAL,
    env: 'LANG=C.UTF-8\nLAB=intro',
    durationMinutes: 60,
    renewMinutes: 30,
    maxRenewals: 3,
    idleMinutes: 20,
  })
  const steps = [
    ['认识工作目录', '输入 `pwd`，确认位于 /workspace。'],
    ['创建文件', '输入 `echo hello > hello.txt`，再 `cat hello.txt`。'],
    ['下载成果', '在“文件”面板中下载 hello.txt。'],
  ]
  for (const [i, [title, content]] of steps.entries())
    await tx.insert(experimentStep).values({ id: newId(), ...audit, experimentId, title, content, sort: i + 1 })
  const student = await first(
    tx
      .select({ id: user.id })
      .from(user)
      .where(and(tenantRows(user, tenantId, { why: DEMO }), eq(user.account, 'student'))),
  )
  if (student) await tx.insert(experimentUser).values({ id: newId(), ...audit, experimentId, userId: student.id })
}
