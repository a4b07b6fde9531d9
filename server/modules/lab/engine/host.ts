import type { Duplex, Readable } from 'node:stream'

/**
 * The lab host: where learners' containers run. One adapter today (the local
 * Docker engine, docker.ts); the interface keeps the lab logic free of
 * dockerode so another runtime could sit behind it.
 */
export interface LabSpec {
  name: string
  image: string
  labels: Record<string, string>
  /** The learner's workspace volume (made with the container, labelled like it, when new) and where it is mounted: the only mount a lab gets. */
  volume: string
  mountPath: string
  cpus: number
  memoryMb: number
  pidsLimit: number
  capAdd: string[]
  readOnlyRoot: boolean
  /** uid:gid the lab's processes run as (the policy's; never root). The workspace is handed to it. */
  user: string
  /** 'none', or the name of a private internal network made for this lab. */
  network: string
}

export interface LabInfo {
  id: string
  name: string
  labels: Record<string, string>
  running: boolean
  image: string
  created: number
}

export interface LabInspect extends LabInfo {
  memoryBytes: number
  nanoCpus: number
  pidsLimit: number
  privileged: boolean
  readOnlyRoot: boolean
  capDrop: string[]
  capAdd: string[]
  /** The configured user ('' = the image's, root unless it says otherwise). */
  user: string
  securityOpt: string[]
  networkMode: string
  mounts: { type: string; name?: string; source: string; destination: string }[]
  /** IP on its private network, when it has one (the web proxy's target). */
  ip?: string
}

export interface LabStats {
  cpuPercent: number
  memoryBytes: number
}

export interface ExecSession {
  stream: Duplex
  resize(cols: number, rows: number): Promise<void>
}

export interface ImageProgress {
  /** A line of the engine's progress (a build step, a layer loaded). */
  message: string
}

export interface BuildLimits {
  /** The build is cancelled after this long. */
  seconds: number
  /** Memory (and swap) each build step may use. */
  memoryMb: number
}

export interface LabHost {
  /** Engine version, or throws when it is unreachable. */
  version(): Promise<string>
  imageExists(ref: string): Promise<boolean>
  /** Loads a `docker save` tarball; resolves to the image references it held. */
  loadImage(tarball: Readable, onProgress?: (p: ImageProgress) => void): Promise<string[]>
  /** Builds a tagged image from a tar of a Dockerfile folder, with no network and within the limits. */
  buildImage(
    context: Readable,
    tag: string,
    limits: BuildLimits,
    onProgress?: (p: ImageProgress) => void,
  ): Promise<void>
  /** Gives an image (by id or reference) another reference. */
  tagImage(ref: string, target: string): Promise<void>
  removeImage(ref: string): Promise<void>

  create(spec: LabSpec): Promise<string>
  start(id: string): Promise<void>
  /** Removes the container (forced) — never throws when it is already gone. */
  remove(id: string): Promise<void>
  rename(id: string, name: string): Promise<void>
  inspect(id: string): Promise<LabInspect | null>
  list(labels: Record<string, string>): Promise<LabInfo[]>
  stats(id: string): Promise<LabStats | null>

  removeVolume(name: string): Promise<void>
  listVolumes(labels: Record<string, string>): Promise<string[]>
  /**
   * Bytes each labelled volume holds, as the engine measures it on the host (as root: nothing a learner hides
   * inside, nor the uid the lab runs as, escapes it); -1 where it could not tell.
   */
  volumeSizes(labels: Record<string, string>): Promise<Map<string, number>>
  /** An internal bridge (no route out) on the given IPv4 subnet; rejects with `overlap: true` when the range is taken. */
  createNetwork(name: string, labels: Record<string, string>, subnet: string): Promise<void>
  removeNetwork(name: string): Promise<void>

  exec(
    id: string,
    cmd: string[],
    opts: { env?: string[]; cols?: number; rows?: number; workdir?: string; user?: string },
  ): Promise<ExecSession>
  /** Runs a command to completion and answers its exit code and output (stdout and stderr joined). */
  run(id: string, cmd: string[]): Promise<{ code: number; output: string }>
  /** A tar of `path` from the container (engine archive API). */
  getArchive(id: string, path: string): Promise<Readable>
  /** Extracts a tar into `path` inside the container (engine archive API). */
  putArchive(id: string, path: string, tar: Buffer): Promise<void>
  /**
   * Whether labs recorded on that engine (a lab row's `host`; NULL the local one) can be checked now. Several
   * engines (fleet.ts) answer false for one that is down: its labs are left to the host-lost pass, not ended as lost.
   */
  reaches?(host: string | null): Promise<boolean>
}
