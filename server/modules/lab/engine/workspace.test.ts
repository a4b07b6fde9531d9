import { first } from '../../../lib/rows.ts'
import { beforeAll, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { userContainer } from '../../../../db/schema/index.ts'
import { testApp } from '../../../../tests/support/harness.ts'
import { cleanUpAfter, describeDocker, engine } from '../../../../tests/support/docker.ts'
import { schoolExperiments } from '../../../../tests/support/lab-school.ts'
import { reap } from './reaper.ts'

const E = '/api/hm-experiment/experiment'
const P = '/api/nep-wbp/experiment'
const MB = 1024 * 1024

/**
 * Issue #24: a learner cannot grow a workspace past its limit. The school's
 * administrator asks for 100 GB; the platform's cap (4 MB here) decides.
 */
describeDocker('workspace size limits', async () => {
  const t = await testApp()
  const labs = t.services.labs
  cleanUpAfter(() => labs.applianceId)
  let admin: string, ids: string[]

  beforeAll(async () => {
    labs.settings.workspaceMaxMb = 4
    admin = await t.token('admin', 'admin', '100001')
    ids = (await schoolExperiments(t.post, admin, 2, { workspaceMb: 102400 })).experimentIds
  })

  const open = (experimentId: string, lang: 'zh' | 'en' = 'zh') =>
    t.call('GET', `${E}/openExperimentToContainer`, { token: admin, query: { experimentId }, lang })
  const upload = async (experimentId: string, name: string, bytes: number) => {
    const form = new FormData()
    form.set('experimentId', experimentId)
    form.set('file', new File([new Uint8Array(bytes)], name))
    const res = await t.app.handle(
      new Request(`http://localhost${P}/uploadContainerFile`, {
        method: 'POST',
        headers: { 'blade-auth': `bearer ${admin}`, 'accept-language': 'en' },
        body: form,
      }),
    )
    return { status: res.status, body: (await res.json()) as { msg: string } }
  }

  it('a lab whose workspace grew past the limit is stopped by the reaper, keeps its files and opens again only after a reset', async () => {
    const lab = (await open(ids[0])).body.data
    // Inside the lab nothing stops the write itself (as the lab's own user, past a school's 100 GB ask).
    const write = await labs.host.run(lab.containerId, [
      'sh',
      '-c',
      'dd if=/dev/zero of=big bs=1048576 count=6 && sync',
    ])
    expect(write.code, write.output).toBe(0)

    const pass = await reap(labs)
    expect(pass.workspaceFull).toBe(1)
    const row = (await first(t.services.db.select().from(userContainer).where(eq(userContainer.id, lab.id))))!
    expect(row).toMatchObject({ state: 'ended', endReason: 'workspace-full' })
    expect(await labs.host.inspect(lab.containerId)).toBeNull()
    // The files stay (a reset is the learner's choice), so the learner is told why it will not open.
    expect((await engine().getVolume(row.volume!).inspect()).Name).toBe(row.volume)
    const zh = await open(ids[0])
    expect(zh.status).toBe(409)
    expect(zh.body.msg).toContain('超过 4 MB 的上限')
    const en = await open(ids[0], 'en')
    expect(en.body.msg).toMatch(/holds [67] MB, over its 4 MB limit/)

    const reset = await t.get(`${P}/resetExperiment`, admin, { experimentId: ids[0] })
    expect(reset.status, JSON.stringify(reset.body)).toBe(200)
    expect((await labs.host.run(reset.body.data.containerId, ['ls'])).output).not.toContain('big')
  })

  it('an upload that would take the workspace past the limit is refused, naming it', async () => {
    expect((await open(ids[1])).status).toBe(200)
    expect((await upload(ids[1], 'fits.bin', 3 * MB)).status).toBe(200)
    const over = await upload(ids[1], 'over.bin', 2 * MB)
    expect(over.status).toBe(413)
    expect(over.body.msg).toContain('past its 4 MB limit')
  })
})
