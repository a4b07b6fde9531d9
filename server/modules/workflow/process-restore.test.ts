import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { testApp } from '../../../tests/support/harness.ts'

const ROOT = fileURLToPath(new URL('../../..', import.meta.url))
const BUN = process.versions.bun ? process.execPath : `${ROOT}node_modules/.bin/bun`
const P = '/api/blade-workflow/process'

describe('the engine restored from saved state', async () => {
  const t = await testApp()

  it('a fresh process (new services over the same database) continues an instance to its next task', async () => {
    const [teacher, manager] = await Promise.all([t.signIn('teacher'), t.signIn('manager')])
    const started = await t.post('/api/blade-desk/process/leave/start-process', teacher.access_token, {
      taskUser: manager.user_id,
      days: 5,
      reason: '外出培训',
      startTime: '2026-12-01 08:00:00',
      endTime: '2026-12-05 18:00:00',
    })
    const taskId = started.body.data.taskIds[0]
    const run = spawnSync(BUN, ['server/modules/workflow/process-restore.child.ts', taskId, manager.user_id], {
      cwd: ROOT,
      env: {
        ...process.env,
        ATRIUM_DATA_DIR: t.dataDir,
        ATRIUM_WEB_DIST: `${t.dataDir}/no-web`,
        ...(t.services.config.databaseUrl ? { ATRIUM_DATABASE_URL: t.services.config.databaseUrl } : {}),
      },
      encoding: 'utf8',
      timeout: 120_000,
    })
    expect(run.stderr).toBe('')
    expect(JSON.parse(run.stdout.trim().split('\n').pop()!).taskIds).toHaveLength(1)
    // This process sees the move: the manager's task is done, the principal's open (over 3 days).
    const d = (await t.get(`${P}/detail`, teacher.access_token, { processInsId: started.body.data.processInstanceId }))
      .body.data
    expect(d.tasks.map((x: any) => x.taskDefinitionKey)).toEqual(['principalApproval'])
    expect(d.history.find((h: any) => h.historyActivityId === 'managerApproval')).toMatchObject({
      action: 'complete',
      comment: '新进程审批',
      assignee: manager.user_id,
    })
  }, 150_000)
})
