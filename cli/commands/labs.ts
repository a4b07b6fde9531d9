import React from 'react'
import type { Command } from 'commander'
import { render } from 'ink'
import { createReadStream, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { PassThrough, Readable, Transform } from 'node:stream'
import tar from 'tar-stream'
import { eq } from 'drizzle-orm'
import { labImage } from '../../db/schema/index.ts'
import { installImage } from '../../server/modules/lab/images.ts'
import { runningLabs, stopLabs, warmPools } from '../../server/modules/lab/user-container.ts'
import { badRequest } from '../../server/lib/errors.ts'
import { first } from '../../server/lib/rows.ts'
import { prune } from '../../server/modules/lab/engine/prune.ts'
import { POLICY_KEYS, readLabPolicy, setLabPolicy, type PolicyKey } from '../../server/modules/lab/engine/policy.ts'
import { withSystem } from '../context.ts'
import { done, fail, show } from '../output.ts'
import { say } from '../lang.ts'
import { Table } from '../views/Table.tsx'
import { ProgressBar } from '../views/ProgressBar.tsx'
import { labHostCommands } from './lab-hosts.ts'

/** At most this many warm containers per call (a large class; the host quota still bounds running labs). */
const MAX_WARM = 200

interface JsonOpt {
  json?: boolean
}

/** A bar for people; nothing for --json (stdout then carries only the answer). */
function progressBar(json: boolean) {
  const app = json ? undefined : render(React.createElement(ProgressBar, { value: 0, label: '' }))
  return {
    set: (value: number, label: string) =>
      app?.rerender(React.createElement(ProgressBar, { value, label: label.slice(0, 60) })),
    end: () => app?.unmount(),
  }
}

/** Counts the bytes the engine has read: for `docker load` that is how far the import is. */
function counting(source: Readable, total: number, onRatio: (r: number) => void): Readable {
  let read = 0
  return source.pipe(
    new Transform({
      transform(chunk: Buffer, _enc, cb) {
        read += chunk.length
        onRatio(total ? read / total : 0)
        cb(null, chunk)
      },
    }),
  )
}

/** DIR packed as a build context (what the web packs in the browser; .git and node_modules left out). */
function packDir(dir: string): Readable {
  const pack = tar.pack()
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      if (name === '.git' || name === 'node_modules') continue
      const full = join(d, name)
      const st = statSync(full)
      const path = relative(dir, full).split('\\').join('/')
      if (st.isDirectory()) {
        pack.entry({ name: path, type: 'directory', mode: st.mode })
        walk(full)
      } else if (st.isFile())
        pack.entry({ name: path, mode: st.mode, size: st.size, mtime: st.mtime }, readFileSync(full))
    }
  }
  walk(dir)
  pack.finalize()
  return pack.pipe(new PassThrough())
}

/** Waits for an import or build and answers the row as it ended. */
async function finish(id: string, work: Promise<void>, db: Parameters<Parameters<typeof withSystem>[1]>[0]['db']) {
  await work
  const row = (await first(db.select().from(labImage).where(eq(labImage.id, id))))!
  if (row.buildState !== 0)
    throw new Error(say('imageFailed', { log: (row.buildLog ?? '').trim().split('\n').slice(-3).join(' | ') }))
  return { id: row.id, title: row.title, imageId: row.imageId, buildState: row.buildState }
}

export function labCommands(program: Command) {
  const labs = program.command('labs').description("Learners' lab containers / 实验容器")
  labs
    .command('list')
    .description('Running labs: who, which experiment, since when, CPU and memory / 运行中的实验')
    .option('--page <n>', 'page', '1')
    .option('--size <n>', 'page size', '50')
    .option('--json', 'machine-readable output')
    .action(async (o: { page: string; size: string } & JsonOpt) => {
      try {
        const page = await withSystem('000000', async (ctx, s) => {
          await s.labs.requireEngine()
          return runningLabs(s.labs, ctx, { current: o.page, size: o.size })
        })
        await show(!!o.json, page, () =>
          React.createElement(Table, {
            columns: [
              'id',
              'tenantId',
              'account',
              'realName',
              'experimentTitle',
              'startTime',
              'expireTime',
              'cpuPercent',
              'memoryMb',
            ],
            rows: page.records,
            footer: say('total', { total: page.total, current: page.current, pages: page.pages }),
          }),
        )
      } catch (e) {
        fail(!!o.json, e)
      }
    })
  labs
    .command('stop')
    .description('Stop labs by id (their workspaces are kept) / 停止实验')
    .argument('<ids...>', 'lab ids (from `atrium labs list`)')
    .option('--json', 'machine-readable output')
    .action(async (ids: string[], o: JsonOpt) => {
      try {
        const stopped = await withSystem('000000', async (ctx, s) => {
          await s.labs.requireEngine()
          return stopLabs(s.labs, ctx, ids.join(','))
        })
        await done(!!o.json, { stopped }, say('labsStopped', { n: stopped }))
      } catch (e) {
        fail(!!o.json, e)
      }
    })
  labs
    .command('pool')
    .description('Warm containers for an environment before a lesson, or list the warm pools / 预热实验容器')
    .argument('[imageId]', 'environment id (from the images screen); none lists the pools')
    .option('--count <n>', 'containers to start now', '1')
    .option('--json', 'machine-readable output')
    .action(async (imageId: string | undefined, o: { count: string } & JsonOpt) => {
      try {
        const count = Number(o.count)
        if (!/^\d+$/.test(o.count) || count < 1 || count > MAX_WARM)
          throw badRequest('lab.poolCount', { max: MAX_WARM }, 'count')
        const pools = await withSystem('000000', async (ctx, s) => {
          await s.labs.requireEngine()
          // The running server adopts these within one reaper pass (same labels): see Pools.sync.
          if (imageId) await s.labs.pools.warm(imageId, count)
          return warmPools(s.labs, ctx)
        })
        await show(!!o.json, pools, () =>
          React.createElement(Table, { columns: ['id', 'title', 'imageId', 'poolSize', 'ready'], rows: pools }),
        )
      } catch (e) {
        fail(!!o.json, e)
      }
    })
  labs
    .command('policy')
    .description("What schools' labs may use (capabilities, limits, user, shared images, builds) / 实验容器策略")
    .option('--set <key=value...>', `change a value; keys: ${Object.keys(POLICY_KEYS).join(', ')}`)
    .option('--json', 'machine-readable output')
    .action(async (o: { set?: string[] } & JsonOpt) => {
      try {
        const policy = await withSystem('000000', async (_ctx, s) => {
          if (!o.set?.length) return readLabPolicy(s.db)
          const patch: Partial<Record<PolicyKey, string>> = {}
          for (const pair of o.set) {
            const at = pair.indexOf('=')
            const key = pair.slice(0, at) as PolicyKey
            if (at < 1 || !(key in POLICY_KEYS))
              throw badRequest(
                'lab.policyValue',
                { key: pair.slice(0, Math.max(at, 0)) || pair, value: pair.slice(at + 1) },
                'set',
              )
            patch[key] = pair.slice(at + 1)
          }
          return setLabPolicy(s.db, patch)
        })
        await show(!!o.json, policy, () =>
          React.createElement(Table, {
            columns: ['key', 'value'],
            rows: Object.entries(policy).map(([key, v]) => ({
              key,
              value: Array.isArray(v) ? v.join(',') : String(v),
            })),
          }),
        )
      } catch (e) {
        fail(!!o.json, e)
      }
    })
  labHostCommands(labs)
  labs
    .command('prune')
    .description('End expired labs, remove orphan containers and forgotten workspaces / 清理实验容器')
    .option('--grace <seconds>', 'leave containers younger than this alone (an open may be in flight)', '120')
    .option('--json', 'machine-readable output')
    .action(async (o: { grace: string } & JsonOpt) => {
      try {
        if (!/^\d+$/.test(o.grace)) throw new Error(say('badGrace'))
        const r = await withSystem('000000', async (_ctx, s) => {
          await s.labs.requireEngine()
          return prune(s.labs, Number(o.grace) * 1000)
        })
        await done(!!o.json, r, say('labsPruned', r))
      } catch (e) {
        fail(!!o.json, e)
      }
    })

  const images = program.command('images').description('Lab environments (images on the local engine) / 实验镜像')
  images
    .command('import')
    .description('Import a `docker save` tarball as a lab environment / 导入镜像')
    .argument('<file>', 'image tarball (.tar)')
    .option('--title <title>', 'name shown in the back office')
    .option('--id <rowId>', 're-import into an existing environment')
    .option('--tenant <tenantId>', 'tenant the environment belongs to', '000000')
    .option('--json', 'machine-readable output')
    .action(async (file: string, o: { title?: string; id?: string; tenant: string } & JsonOpt) => {
      const bar = progressBar(!!o.json)
      try {
        const path = resolve(file)
        const size = statSync(path).size
        const row = await withSystem(o.tenant, async (ctx, s) => {
          const source = counting(createReadStream(path), size, (r) => bar.set(r * 0.95, say('importingImage')))
          const { id, done: work } = await installImage(s.labs, ctx, {
            id: o.id,
            title: o.title,
            kind: 'import',
            source,
          })
          return finish(id, work, ctx.db)
        })
        bar.set(1, say('stepDone'))
        bar.end()
        await done(!!o.json, row, say('imageReady', { imageId: row.imageId, id: row.id }))
      } catch (e) {
        bar.end()
        fail(!!o.json, e)
      }
    })
  images
    .command('build')
    .description('Build a lab environment from a Dockerfile folder / 构建镜像')
    .argument('<dir>', 'folder holding a Dockerfile')
    .requiredOption('--tag <imageId>', 'image reference, e.g. school/python:3')
    .option('--title <title>', 'name shown in the back office')
    .option('--id <rowId>', 'rebuild an existing environment')
    .option('--tenant <tenantId>', 'tenant the environment belongs to', '000000')
    .option('--json', 'machine-readable output')
    .action(async (dir: string, o: { tag: string; title?: string; id?: string; tenant: string } & JsonOpt) => {
      const bar = progressBar(!!o.json)
      try {
        const root = resolve(dir)
        if (!statSync(join(root, 'Dockerfile'), { throwIfNoEntry: false })?.isFile())
          throw new Error(say('noDockerfile', { dir: root }))
        const row = await withSystem(o.tenant, async (ctx, s) => {
          const { id, done: work } = await installImage(s.labs, ctx, {
            id: o.id,
            title: o.title,
            kind: 'build',
            source: packDir(root),
            tag: o.tag,
          })
          // The engine reports "Step n/m : ..." per Dockerfile instruction: that is the bar.
          const poll = async () => {
            const log =
              (await first(s.db.select({ log: labImage.buildLog }).from(labImage).where(eq(labImage.id, id))))?.log ??
              ''
            const steps = [...log.matchAll(/Step (\d+)\/(\d+) : (.*)/g)].pop()
            if (steps) bar.set((Number(steps[1]) - 1) / Number(steps[2]), steps[3])
          }
          // A poll that fails only leaves the bar where it was; the build's own outcome comes from finish().
          const timer = setInterval(() => void poll().catch(() => undefined), 200)
          try {
            return await finish(id, work, ctx.db)
          } finally {
            clearInterval(timer)
          }
        })
        bar.set(1, say('stepDone'))
        bar.end()
        await done(!!o.json, row, say('imageReady', { imageId: row.imageId, id: row.id }))
      } catch (e) {
        bar.end()
        fail(!!o.json, e)
      }
    })
}
