import React from 'react'
import type { Command } from 'commander'
import { render } from 'ink'
import { spawn } from 'node:child_process'
import { webBundleIsFresh } from '../../web/bundle-freshness.ts'
import { say } from '../lang.ts'
import { ProgressBar } from '../views/ProgressBar.tsx'

/** Builds web/dist when it is missing or older than web/src, showing vite's progress as a bar. */
export async function buildWebIfStale(json: boolean): Promise<void> {
  if (webBundleIsFresh()) return
  const bar = json ? undefined : render(React.createElement(ProgressBar, { value: 0, label: say('building') }))
  let seen = 0
  await new Promise<void>((ok, no) => {
    const child = spawn(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', '--config', 'web/vite.config.ts'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    // vite prints one line per phase and per emitted file; enough to move a bar honestly.
    child.stdout.on('data', (d: Buffer) => {
      seen += d.toString().split('\n').length
      bar?.rerender(React.createElement(ProgressBar, { value: Math.min(0.95, seen / 60), label: say('building') }))
    })
    child.on('exit', (code) => (code === 0 ? ok() : no(new Error(`web build failed (${code})`))))
  })
  bar?.rerender(React.createElement(ProgressBar, { value: 1, label: say('built') }))
  bar?.unmount()
}

export function serveCommand(program: Command) {
  program
    .command('serve')
    .description('Build the web app if needed, then start the appliance / 启动服务')
    .option('--json', 'machine-readable start-up output (logs are JSON anyway)')
    .action(async (o: { json?: boolean }) => {
      await buildWebIfStale(!!o.json)
      const { main } = await import('../../server/main.ts')
      await main()
    })
}
