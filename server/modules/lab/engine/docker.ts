import Docker from 'dockerode'
import { PassThrough, type Readable } from 'node:stream'
import { posix } from 'node:path'
import { dockerSocket } from '../../../lib/config.ts'
import { packOwnedDir } from './archive.ts'
import type { BuildLimits, ExecSession, ImageProgress, LabHost, LabInfo, LabInspect, LabSpec } from './host.ts'

const gone = (e: unknown) => (e as { statusCode?: number }).statusCode === 404
const labelFilter = (labels: Record<string, string>) =>
  JSON.stringify({ label: Object.entries(labels).map(([k, v]) => `${k}=${v}`) })

/** Progress lines kept in memory per pull, load or build (the screen keeps its own bounded log). */
const KEEP_LINES = 200

/** Reads a JSON-lines progress stream to its end, reporting each line; rejects on an error line. */
function follow(
  docker: Docker,
  stream: NodeJS.ReadableStream,
  onProgress?: (p: ImageProgress) => void,
): Promise<string[]> {
  const lines: string[] = []
  return new Promise((resolve, reject) => {
    docker.modem.followProgress(
      stream,
      (err: Error | null) => (err ? reject(err) : resolve(lines)),
      (ev: { stream?: string; status?: string; error?: string; progress?: string }) => {
        const message = (ev.error ?? ev.stream ?? [ev.status, ev.progress].filter(Boolean).join(' ')).trim()
        if (!message) return
        lines.push(message)
        if (lines.length > KEEP_LINES) lines.shift()
        onProgress?.({ message })
      },
    )
  })
}

/**
 * The Docker adapter: every lab container is created hardened here, in one place. Takes a socket path (the local
 * engine) or dockerode's options for a listed lab host (TCP with TLS, or SSH). `probeSeconds`: how long the version
 * probe waits — short for a socket, longer over SSH, where each call logs in anew before it reaches the engine.
 */
export function dockerLabHost(target: string | Docker.DockerOptions = dockerSocket(), probeSeconds = 1.5): LabHost {
  const docker = new Docker(typeof target === 'string' ? { socketPath: target } : target)

  return {
    async version() {
      let timer: ReturnType<typeof setTimeout> | undefined
      const late = new Promise<never>((_, no) => {
        timer = setTimeout(
          () => no(Object.assign(new Error('docker engine timeout'), { timeoutSeconds: probeSeconds })),
          probeSeconds * 1000,
        )
      })
      try {
        return (await Promise.race([docker.version(), late])).Version
      } finally {
        clearTimeout(timer)
      }
    },

    async imageExists(ref) {
      try {
        await docker.getImage(ref).inspect()
        return true
      } catch (e) {
        if (gone(e)) return false
        throw e
      }
    },

    async loadImage(tarball, onProgress) {
      const res = await docker.loadImage(tarball as unknown as NodeJS.ReadableStream, { quiet: false })
      const lines = await follow(docker, res, onProgress)
      return lines.map((l) => /^Loaded image(?: ID)?: (\S+)/.exec(l)?.[1]).filter((r): r is string => !!r)
    },

    async buildImage(context, tag, limits: BuildLimits, onProgress) {
      // Closing the connection cancels the build on the engine; the timer does that after the policy's time.
      const abort = new AbortController()
      const late = new Promise<never>((_, no) =>
        abort.signal.addEventListener('abort', () =>
          no(new Error(`the build took longer than ${limits.seconds} s and was stopped`)),
        ),
      )
      late.catch(() => undefined)
      const timer = setTimeout(() => abort.abort(), limits.seconds * 1000)
      try {
        const bytes = limits.memoryMb * 1024 * 1024
        const res = await Promise.race([
          docker.buildImage(
            context as unknown as NodeJS.ReadableStream,
            {
              t: tag,
              rm: true,
              forcerm: true,
              networkmode: 'none',
              memory: bytes,
              memswap: bytes,
              abortSignal: abort.signal,
            } as Docker.ImageBuildOptions,
          ),
          late,
        ])
        await Promise.race([follow(docker, res, onProgress), late])
      } finally {
        clearTimeout(timer)
      }
    },

    async tagImage(ref, target) {
      const at = target.lastIndexOf(':')
      const slash = target.lastIndexOf('/')
      const [repo, tag] = at > slash ? [target.slice(0, at), target.slice(at + 1)] : [target, 'latest']
      await docker.getImage(ref).tag({ repo, tag })
    },

    async removeImage(ref) {
      try {
        await docker.getImage(ref).remove({ force: true })
      } catch (e) {
        if (!gone(e)) throw e
      }
    },

    async create(spec: LabSpec) {
      const c = await docker.createContainer({
        name: spec.name,
        Image: spec.image,
        Labels: spec.labels,
        // A terminal lab keeps its shell open on a TTY; a web lab runs the image's own command.
        Tty: true,
        OpenStdin: true,
        WorkingDir: spec.mountPath,
        User: spec.user,
        HostConfig: {
          Privileged: false,
          CapDrop: ['ALL'],
          CapAdd: spec.capAdd,
          // Docker's default seccomp and AppArmor profiles stay on: nothing here names another one.
          SecurityOpt: ['no-new-privileges'],
          ReadonlyRootfs: spec.readOnlyRoot,
          // A read-only root still needs a scratch place; it is small and counted in the memory limit.
          Tmpfs: spec.readOnlyRoot ? { '/tmp': 'rw,nosuid,nodev,size=64m' } : undefined,
          Memory: spec.memoryMb * 1024 * 1024,
          MemorySwap: spec.memoryMb * 1024 * 1024,
          NanoCpus: Math.round(spec.cpus * 1e9),
          PidsLimit: spec.pidsLimit,
          NetworkMode: spec.network,
          // The engine makes a new workspace with the container, labelled like it (one call fewer per cold open).
          Mounts: [
            {
              Type: 'volume',
              Source: spec.volume,
              Target: spec.mountPath,
              VolumeOptions: { Labels: spec.labels, NoCopy: false, DriverConfig: { Name: 'local', Options: {} } },
            },
          ],
          AutoRemove: false,
          RestartPolicy: { Name: 'no' },
        },
      })
      // A new volume copies the image's (usually root-owned) folder; the lab's user gets the workspace root instead.
      // The archive API resolves `../<name>` to the mount itself, which it may change on a read-only root.
      const name = posix.basename(spec.mountPath)
      if (name)
        try {
          await c.putArchive(await packOwnedDir(`../${name}/`, spec.user), { path: spec.mountPath })
        } catch (e) {
          await c.remove({ force: true }).catch(() => undefined)
          throw e
        }
      return c.id
    },

    async start(id) {
      try {
        await docker.getContainer(id).start()
      } catch (e) {
        if ((e as { statusCode?: number }).statusCode !== 304) throw e
      }
    },

    async remove(id) {
      try {
        await docker.getContainer(id).remove({ force: true, v: false })
      } catch (e) {
        if (!gone(e) && (e as { statusCode?: number }).statusCode !== 409) throw e
      }
    },

    async rename(id, name) {
      await docker.getContainer(id).rename({ name })
    },

    async inspect(id): Promise<LabInspect | null> {
      try {
        const i = await docker.getContainer(id).inspect()
        const nets = Object.values(i.NetworkSettings.Networks ?? {})
        return {
          id: i.Id,
          name: i.Name.replace(/^\//, ''),
          labels: i.Config.Labels ?? {},
          running: i.State.Running,
          image: i.Config.Image,
          created: Date.parse(i.Created),
          memoryBytes: i.HostConfig.Memory ?? 0,
          nanoCpus: i.HostConfig.NanoCpus ?? 0,
          pidsLimit: i.HostConfig.PidsLimit ?? 0,
          privileged: !!i.HostConfig.Privileged,
          readOnlyRoot: !!i.HostConfig.ReadonlyRootfs,
          capDrop: i.HostConfig.CapDrop ?? [],
          capAdd: i.HostConfig.CapAdd ?? [],
          user: i.Config.User ?? '',
          securityOpt: i.HostConfig.SecurityOpt ?? [],
          networkMode: i.HostConfig.NetworkMode ?? '',
          mounts: (i.Mounts ?? []).map((m) => ({
            type: m.Type,
            name: m.Name,
            source: m.Source,
            destination: m.Destination,
          })),
          ip: nets.find((n) => n.IPAddress)?.IPAddress,
        }
      } catch (e) {
        if (gone(e)) return null
        throw e
      }
    },

    async list(labels): Promise<LabInfo[]> {
      const rows = await docker.listContainers({ all: true, filters: labelFilter(labels) })
      return rows.map((r) => ({
        id: r.Id,
        name: (r.Names[0] ?? '').replace(/^\//, ''),
        labels: r.Labels ?? {},
        running: r.State === 'running',
        image: r.Image,
        created: r.Created * 1000,
      }))
    },

    async stats(id) {
      try {
        const s = await docker.getContainer(id).stats({ stream: false })
        const cpuDelta = s.cpu_stats.cpu_usage.total_usage - s.precpu_stats.cpu_usage.total_usage
        const sysDelta = (s.cpu_stats.system_cpu_usage ?? 0) - (s.precpu_stats.system_cpu_usage ?? 0)
        const cpus = s.cpu_stats.online_cpus || s.cpu_stats.cpu_usage.percpu_usage?.length || 1
        const cache = (s.memory_stats.stats as Record<string, number> | undefined)?.cache ?? 0
        return {
          cpuPercent: sysDelta > 0 ? (cpuDelta / sysDelta) * cpus * 100 : 0,
          memoryBytes: Math.max(0, (s.memory_stats.usage ?? 0) - cache),
        }
      } catch (e) {
        if (gone(e)) return null
        throw e
      }
    },

    async removeVolume(name) {
      try {
        await docker.getVolume(name).remove({ force: true })
      } catch (e) {
        if (!gone(e)) throw e
      }
    },

    async listVolumes(labels) {
      const r = await docker.listVolumes({ filters: labelFilter(labels) })
      return (r.Volumes ?? []).map((v) => v.Name)
    },

    async volumeSizes(labels) {
      // The engine's disk-usage report; `type` keeps newer engines from sizing containers and images too.
      const df = (await docker.df({ type: 'volume' } as never)) as unknown as {
        Volumes?: { Name: string; Labels?: Record<string, string> | null; UsageData?: { Size: number } | null }[]
      }
      const sizes = new Map<string, number>()
      for (const v of df.Volumes ?? [])
        if (Object.entries(labels).every(([k, val]) => v.Labels?.[k] === val))
          sizes.set(v.Name, v.UsageData?.Size ?? -1)
      return sizes
    },

    async createNetwork(name, labels, subnet) {
      // Internal: the lab and the appliance (on the bridge's gateway address) can talk, nothing is routed out.
      // The subnet is given, not left to the engine's default pools, which hold only ~30 networks.
      try {
        await docker.createNetwork({
          Name: name,
          Driver: 'bridge',
          Internal: true,
          Labels: labels,
          CheckDuplicate: true,
          IPAM: { Driver: 'default', Config: [{ Subnet: subnet }] },
        })
      } catch (e) {
        if (/overlap/i.test(String((e as Error).message))) Object.assign(e as object, { overlap: true })
        throw e
      }
    },

    async removeNetwork(name) {
      try {
        await docker.getNetwork(name).remove()
      } catch (e) {
        if (!gone(e)) throw e
      }
    },

    async exec(id, cmd, opts): Promise<ExecSession> {
      const exec = await docker.getContainer(id).exec({
        Cmd: cmd,
        AttachStdin: true,
        AttachStdout: true,
        AttachStderr: true,
        Tty: true,
        Env: opts.env,
        WorkingDir: opts.workdir,
        User: opts.user,
        ...(opts.cols && opts.rows ? { ConsoleSize: [opts.rows, opts.cols] } : {}),
      } as Docker.ExecCreateOptions)
      const stream = await exec.start({ hijack: true, stdin: true, Tty: true } as Docker.ExecStartOptions)
      return {
        stream,
        resize: async (cols, rows) => {
          await exec.resize({ w: cols, h: rows })
        },
      }
    },

    async run(id, cmd) {
      const exec = await docker.getContainer(id).exec({ Cmd: cmd, AttachStdout: true, AttachStderr: true, Tty: true })
      const stream = await exec.start({ hijack: true, stdin: false, Tty: true } as Docker.ExecStartOptions)
      const chunks: Buffer[] = []
      await new Promise<void>((resolve, reject) => {
        stream.on('data', (c: Buffer) => chunks.push(c))
        stream.on('end', resolve)
        stream.on('error', reject)
      })
      const info = await exec.inspect()
      return { code: info.ExitCode ?? -1, output: Buffer.concat(chunks).toString() }
    },

    async getArchive(id, path) {
      const out = new PassThrough()
      const stream = await docker.getContainer(id).getArchive({ path })
      ;(stream as unknown as Readable).pipe(out)
      return out
    },

    async putArchive(id, path, tar) {
      await docker.getContainer(id).putArchive(tar, { path })
    },
  }
}
