#!/usr/bin/env node
// The `atrium` command: runs the TypeScript CLI with the Bun that npm installed beside it.
import { spawnSync } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createRequire } from 'node:module'

const here = dirname(fileURLToPath(import.meta.url))
const require = createRequire(import.meta.url)
const bun = join(dirname(require.resolve('bun/package.json')), 'bin', 'bun.exe')
const r = spawnSync(bun, [join(here, 'main.ts'), ...process.argv.slice(2)], { stdio: 'inherit' })
process.exit(r.status ?? 1)
