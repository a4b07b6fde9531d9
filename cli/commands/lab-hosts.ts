import React from 'react'
import type { Command } from 'commander'
import { readFileSync } from 'node:fs'
import { addHost, listHosts, removeHost, setHostEnabled } from '../../server/modules/lab/engine/lab-hosts.ts'
import { withSystem } from '../context.ts'
import { done, fail, show } from '../output.ts'
import { say } from '../lang.ts'
import { Table } from '../views/Table.tsx'

interface JsonOpt {
  json?: boolean
}

const fileText = (path?: string) => (path ? readFileSync(path, 'utf8') : undefined)

/**
 * `atrium labs hosts list|add|remove|disable|enable`: the Docker engines labs run on, the platform
 * administrator's alone (the CLI acts as the platform's system user). With none listed, labs run on DOCKER_HOST.
 */
export function labHostCommands(labs: Command) {
  const hosts = labs.command('hosts').description('Docker engines labs run on / 实验主机')
  hosts
    .command('list')
    .description('Engines with their state, running labs and places / 实验主机列表')
    .option('--json', 'machine-readable output')
    .action(async (o: JsonOpt) => {
      try {
        const list = await withSystem('000000', (ctx, s) => listHosts(ctx, s.labs.fleet))
        await show(!!o.json, list, () =>
          React.createElement(Table, {
            columns: ['name', 'endpoint', 'state', 'running', 'maxLabs', 'version', 'downSince', 'problem', 'tlsKey'],
            rows: list.map((h) => ({ ...h, running: String(h.running), maxLabs: String(h.maxLabs) })),
          }),
        )
      } catch (e) {
        fail(!!o.json, e)
      }
    })
  hosts
    .command('add')
    .description('List an engine: unix:///path, tcp://host:port (TLS) or ssh://user@host / 添加实验主机')
    .argument('<name>', 'a short name (letters, digits, dots, dashes)')
    .argument('<endpoint>', 'unix:///path, tcp://host:port or ssh://user@host[:port]')
    .option('--max <n>', 'labs it runs at most', '60')
    .option('--tls-ca <file>', 'CA certificate (PEM) the engine is checked against')
    .option('--tls-cert <file>', 'client certificate (PEM)')
    .option('--tls-key <file>', 'client key (PEM); for ssh:// the private key. Stored encrypted')
    .option('--json', 'machine-readable output')
    .action(
      async (
        name: string,
        endpoint: string,
        o: { max: string; tlsCa?: string; tlsCert?: string; tlsKey?: string } & JsonOpt,
      ) => {
        try {
          if (!/^\d+$/.test(o.max)) throw new Error(say('badMax'))
          const id = await withSystem('000000', (ctx, s) =>
            addHost(ctx, s.labs.fleet, s.jwtSecret, {
              name,
              endpoint,
              maxLabs: Number(o.max),
              tlsCa: fileText(o.tlsCa),
              tlsCert: fileText(o.tlsCert),
              tlsKey: fileText(o.tlsKey),
            }),
          )
          await done(!!o.json, { id, name }, say('hostAdded', { name }))
        } catch (e) {
          fail(!!o.json, e)
        }
      },
    )
  for (const [verb, key, run] of [
    ['remove', 'hostRemoved', (ctx, s, name) => removeHost(ctx, s.labs.fleet, name)],
    ['disable', 'hostDisabled', (ctx, s, name) => setHostEnabled(ctx, s.labs.fleet, name, false)],
    ['enable', 'hostEnabled', (ctx, s, name) => setHostEnabled(ctx, s.labs.fleet, name, true)],
  ] as const satisfies readonly (readonly [
    string,
    Parameters<typeof say>[0],
    (
      ctx: Parameters<Parameters<typeof withSystem>[1]>[0],
      s: Parameters<Parameters<typeof withSystem>[1]>[1],
      name: string,
    ) => Promise<void>,
  ])[])
    hosts
      .command(verb)
      .argument('<name>', 'the host')
      .option('--json', 'machine-readable output')
      .action(async (name: string, o: JsonOpt) => {
        try {
          await withSystem('000000', (ctx, s) => run(ctx, s, name))
          await done(!!o.json, { name }, say(key, { name }))
        } catch (e) {
          fail(!!o.json, e)
        }
      })
}
