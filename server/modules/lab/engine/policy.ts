import { and, like } from 'drizzle-orm'
import { param } from '../../../../db/schema/index.ts'
import { makeCtx, systemActor } from '../../../lib/context.ts'
import type { Db } from '../../../lib/db.ts'
import { ApiError, badRequest } from '../../../lib/errors.ts'
import { defineMessages } from '../../../lib/messages.ts'
import { PLATFORM_TENANT } from '../../../lib/permissions.ts'
import { tenantRows } from '../../../lib/tenant-rows.ts'
import { paramResource } from '../../system/param.ts'
import type { LabInspect } from './host.ts'

/**
 * Lab container policy: what reaches the host from a lab (capabilities, user,
 * limits, read-only root, image references, builds) is the appliance's, set
 * by the platform administrator as platform parameters (tenant 000000, keys
 * `lab.policy.*` / `lab.images.*` / `lab.build.*`) or `atrium labs policy`.
 * A school chooses only inside it. Read on every check, so a change applies to
 * the next container without a restart.
 */

/** Every Linux capability name Docker knows; anything else in capAdd is a typo or an attack. */
const KNOWN = new Set(
  'AUDIT_CONTROL AUDIT_READ AUDIT_WRITE BLOCK_SUSPEND BPF CHECKPOINT_RESTORE CHOWN DAC_OVERRIDE DAC_READ_SEARCH FOWNER FSETID IPC_LOCK IPC_OWNER KILL LEASE LINUX_IMMUTABLE MAC_ADMIN MAC_OVERRIDE MKNOD NET_ADMIN NET_BIND_SERVICE NET_BROADCAST NET_RAW PERFMON SETFCAP SETGID SETPCAP SETUID SYSLOG SYS_ADMIN SYS_BOOT SYS_CHROOT SYS_MODULE SYS_NICE SYS_PACCT SYS_PTRACE SYS_RAWIO SYS_RESOURCE SYS_TIME SYS_TTY_CONFIG WAKE_ALARM'.split(
    ' ',
  ),
)

/**
 * Never granted to a lab, whoever asks (the platform administrator included):
 * each lets a process leave its container or reach the host's kernel, devices,
 * files by handle, other processes, network stack or clock.
 */
export const NEVER = new Set(
  'SYS_ADMIN DAC_READ_SEARCH SYS_MODULE SYS_PTRACE SYS_RAWIO NET_ADMIN BPF PERFMON SYS_BOOT SYS_TIME MAC_ADMIN MAC_OVERRIDE SYSLOG SYS_RESOURCE LINUX_IMMUTABLE AUDIT_CONTROL AUDIT_READ CHECKPOINT_RESTORE SYS_PACCT SYS_TTY_CONFIG WAKE_ALARM BLOCK_SUSPEND IPC_OWNER LEASE SYS_NICE IPC_LOCK'.split(
    ' ',
  ),
)

export const POLICY_KEYS = {
  capabilities: 'lab.policy.capabilities',
  maxCpus: 'lab.policy.maxCpus',
  maxMemoryMb: 'lab.policy.maxMemoryMb',
  maxPids: 'lab.policy.maxPids',
  writableRoot: 'lab.policy.writableRoot',
  user: 'lab.policy.user',
  sharedImages: 'lab.images.shared',
  buildSeconds: 'lab.build.seconds',
  buildMemoryMb: 'lab.build.memoryMb',
} as const
export type PolicyKey = keyof typeof POLICY_KEYS

export interface LabPolicy {
  /** Capabilities a school's environment may keep (never one of NEVER). */
  capabilities: string[]
  maxCpus: number
  maxMemoryMb: number
  maxPids: number
  /** Whether a school may turn the read-only root off. */
  writableRoot: boolean
  /** uid:gid every lab runs as; never root. */
  user: string
  /** Platform images every school may use read-only (a trailing * matches a prefix). */
  sharedImages: string[]
  buildSeconds: number
  buildMemoryMb: number
}

/** Docker's default set without NET_RAW, MKNOD and SETFCAP (spoofing, device nodes, file capabilities). */
export const DEFAULT_POLICY: LabPolicy = {
  capabilities:
    'CHOWN DAC_OVERRIDE FOWNER FSETID KILL SETGID SETUID SETPCAP NET_BIND_SERVICE SYS_CHROOT AUDIT_WRITE'.split(' '),
  maxCpus: 2,
  maxMemoryMb: 2048,
  maxPids: 512,
  writableRoot: false,
  user: '1000:1000',
  sharedImages: ['atrium/lab-busybox:1', 'atrium/lab-web:1'],
  buildSeconds: 600,
  buildMemoryMb: 1024,
}

defineMessages({
  'lab.capUnknown': { zh: '未知的能力：{cap}', en: 'unknown capability: {cap}' },
  'lab.capNever': {
    zh: '能力 {cap} 可使进程逃出容器，任何实验都不允许使用',
    en: 'capability {cap} lets a process leave its container and is never allowed in a lab',
  },
  'lab.capNotAllowed': {
    zh: '平台策略不允许本校实验使用能力 {cap}',
    en: 'the platform policy does not allow your school’s labs the capability {cap}',
  },
  'lab.overPolicy': {
    zh: '{field} 超过平台策略允许的上限 {max}',
    en: '{field} is over the platform policy’s limit of {max}',
  },
  'lab.writableRoot': {
    zh: '平台策略要求实验使用只读根文件系统',
    en: 'the platform policy requires labs to run with a read-only root',
  },
  'lab.imageNamespace': {
    zh: '镜像标识必须以 {prefix} 开头，或是平台共享的镜像',
    en: 'the image reference must start with {prefix} or be an image the platform shares',
  },
  'lab.imageReadOnly': {
    zh: '镜像标识必须以 {prefix} 开头：学校只能在自己的命名空间内构建或导入镜像',
    en: 'the image reference must start with {prefix}: a school builds and imports only inside its own namespace',
  },
  'lab.imageNotAllowed': {
    zh: '该实验环境的镜像不在本校可用范围内，请联系管理员',
    en: 'this environment’s image is not one your school may use; ask an administrator',
  },
  'lab.policyValue': { zh: '策略 {key} 的值无效：{value}', en: 'invalid value for policy {key}: {value}' },
})

const capList = (s: string | null | undefined) =>
  (s ?? '')
    .split(',')
    .map((c) => c.trim().toUpperCase().replace(/^CAP_/, ''))
    .filter(Boolean)

const USER = /^([1-9]\d{0,9}):(\d{1,10})$/
const IMAGE_PATTERN = /^[a-z0-9][a-z0-9._\/:@-]{0,199}\*?$/

/** Parses one policy value; undefined when it is not valid for that key. */
function parse(key: PolicyKey, raw: string): LabPolicy[PolicyKey] | undefined {
  const v = raw.trim()
  const num = (lo: number, hi: number) => {
    const n = Number(v)
    return v !== '' && Number.isFinite(n) && n >= lo && n <= hi ? n : undefined
  }
  switch (key) {
    case 'capabilities': {
      const caps = capList(v)
      return caps.every((c) => KNOWN.has(c) && !NEVER.has(c)) ? caps : undefined
    }
    case 'maxCpus':
      return num(0.05, 64)
    case 'maxMemoryMb':
      return num(16, 262144)
    case 'maxPids':
      return num(8, 32768)
    case 'buildSeconds':
      return num(5, 7200)
    case 'buildMemoryMb':
      return num(64, 65536)
    case 'writableRoot':
      return v === 'true' ? true : v === 'false' ? false : undefined
    case 'user':
      return USER.test(v) ? v : undefined
    case 'sharedImages': {
      const refs = v
        .split(',')
        .map((r) => r.trim())
        .filter(Boolean)
      return refs.every((r) => IMAGE_PATTERN.test(r)) ? refs : undefined
    }
  }
}

/** The policy now: platform parameters over the defaults; a value that does not parse keeps the default. */
export async function readLabPolicy(db: Db): Promise<LabPolicy> {
  const rows = await db
    .select({ key: param.paramKey, value: param.paramValue })
    .from(param)
    .where(
      and(
        tenantRows(param, PLATFORM_TENANT, { why: 'lab policy is the platform’s, whoever the lab belongs to' }),
        like(param.paramKey, 'lab.%'),
      ),
    )
  const policy = { ...DEFAULT_POLICY }
  for (const [k, key] of Object.entries(POLICY_KEYS) as [PolicyKey, string][]) {
    const row = rows.find((r) => r.key === key)
    const value = row ? parse(k, row.value) : undefined
    if (value !== undefined) (policy as Record<string, unknown>)[k] = value
  }
  return policy
}

/** `atrium labs policy --set key=value`: validated, then kept as platform parameters (audited like any other). */
export async function setLabPolicy(db: Db, patch: Partial<Record<PolicyKey, string>>): Promise<LabPolicy> {
  const ctx = makeCtx(db, systemActor(PLATFORM_TENANT))
  for (const [k, raw] of Object.entries(patch) as [PolicyKey, string][]) {
    if (!(k in POLICY_KEYS) || parse(k, raw) === undefined)
      throw badRequest('lab.policyValue', { key: k, value: raw }, k)
  }
  const existing = await paramResource.ops.all(ctx, { paramKey: 'lab.' })
  for (const [k, raw] of Object.entries(patch) as [PolicyKey, string][]) {
    const row = existing.find((r) => r.paramKey === POLICY_KEYS[k])
    await paramResource.ops.submit(ctx, {
      ...(row ? { id: row.id } : {}),
      paramName: `实验策略 ${k}`,
      paramKey: POLICY_KEYS[k],
      paramValue: raw.trim(),
    })
  }
  return readLabPolicy(db)
}

export const isPlatform = (tenantId: string) => tenantId === PLATFORM_TENANT
/** A school's own image namespace. */
export const namespaceOf = (tenantId: string) => `atrium/t${tenantId}/`

const matches = (ref: string, pattern: string) =>
  pattern.endsWith('*') ? ref.startsWith(pattern.slice(0, -1)) : ref === pattern

/** Another school's namespace: nobody's environment but that school's may name it, the platform's neither. */
const otherNamespace = (tenantId: string, ref: string) =>
  /^atrium\/t[^/]+\//.test(ref) && !ref.startsWith(namespaceOf(tenantId))

/** Whether a tenant's environment may run this image (its own namespace, or one the platform shares). */
export function mayUseImage(policy: LabPolicy, tenantId: string, ref: string): boolean {
  if (isPlatform(tenantId)) return !otherNamespace(tenantId, ref)
  return ref.startsWith(namespaceOf(tenantId)) || policy.sharedImages.some((p) => matches(ref, p))
}

/** Whether a tenant may write (build, import, tag) this reference: its namespace only; the platform anything not a school's or shared. */
export function mayWriteImage(tenantId: string, ref: string): boolean {
  if (isPlatform(tenantId)) return !otherNamespace(tenantId, ref)
  return ref.startsWith(namespaceOf(tenantId))
}

export function requireWritableRef(tenantId: string, ref: string, field = 'imageId') {
  if (!mayWriteImage(tenantId, ref)) throw badRequest('lab.imageReadOnly', { prefix: namespaceOf(tenantId) }, field)
}

/** Where an import without a tag goes: a school's archive lands in its namespace under the archive's own name. */
export function importTarget(tenantId: string, archiveRef: string | undefined): string | undefined {
  if (isPlatform(tenantId)) return archiveRef
  const base = (archiveRef ?? 'import:latest').split('/').pop()!
  return `${namespaceOf(tenantId)}${base.includes(':') ? base : `${base}:latest`}`
}

interface EnvValues {
  imageId?: unknown
  capAdd?: unknown
  cpus?: unknown
  memoryMb?: unknown
  pidsLimit?: unknown
  readOnlyRoot?: unknown
}

/** An environment's values against the policy (submit): a 400 naming the first field outside it. */
export function checkEnvironment(policy: LabPolicy, tenantId: string, v: EnvValues): void {
  if (typeof v.imageId === 'string' && !mayUseImage(policy, tenantId, v.imageId))
    throw badRequest('lab.imageNamespace', { prefix: namespaceOf(tenantId) }, 'imageId')
  for (const cap of capList(typeof v.capAdd === 'string' ? v.capAdd : '')) {
    if (!KNOWN.has(cap)) throw badRequest('lab.capUnknown', { cap }, 'capAdd')
    if (NEVER.has(cap)) throw badRequest('lab.capNever', { cap }, 'capAdd')
    if (!isPlatform(tenantId) && !policy.capabilities.includes(cap))
      throw badRequest('lab.capNotAllowed', { cap }, 'capAdd')
  }
  if (isPlatform(tenantId)) return
  const limits: [keyof EnvValues, number][] = [
    ['cpus', policy.maxCpus],
    ['memoryMb', policy.maxMemoryMb],
    ['pidsLimit', policy.maxPids],
  ]
  for (const [f, max] of limits)
    if (typeof v[f] === 'number' && (v[f] as number) > max) throw badRequest('lab.overPolicy', { field: f, max }, f)
  if (v.readOnlyRoot !== undefined && Number(v.readOnlyRoot) !== 1 && !policy.writableRoot)
    throw badRequest('lab.writableRoot', {}, 'readOnlyRoot')
}

/** The options a container gets, whatever its row says: the row is clipped to the policy here, on every path. */
export interface HostOptions {
  capAdd: string[]
  cpus: number
  memoryMb: number
  pidsLimit: number
  readOnlyRoot: boolean
  user: string
}

export function hostOptions(
  policy: LabPolicy,
  image: {
    tenantId: string
    imageId: string
    capAdd: string | null
    cpus: number
    memoryMb: number
    pidsLimit: number
    readOnlyRoot: number
  },
): HostOptions {
  if (!mayUseImage(policy, image.tenantId, image.imageId)) throw new ApiError(409, 'lab.imageNotAllowed')
  const platform = isPlatform(image.tenantId)
  const caps = capList(image.capAdd).filter(
    (c) => KNOWN.has(c) && !NEVER.has(c) && (platform || policy.capabilities.includes(c)),
  )
  return {
    capAdd: [...new Set(caps)],
    cpus: platform ? image.cpus : Math.min(image.cpus, policy.maxCpus),
    memoryMb: platform ? image.memoryMb : Math.min(image.memoryMb, policy.maxMemoryMb),
    pidsLimit: platform ? image.pidsLimit : Math.min(image.pidsLimit, policy.maxPids),
    readOnlyRoot: image.readOnlyRoot === 1 || (!platform && !policy.writableRoot),
    user: policy.user,
  }
}

/**
 * Whether a container already on the engine (a stopped lab started again, a
 * warm one another process made, one from before an upgrade) still fits the
 * policy; one that does not is replaced, never started or handed over.
 */
export function fitsPolicy(policy: LabPolicy, tenantId: string, info: LabInspect): boolean {
  const platform = isPlatform(tenantId)
  const uid = Number((info.user || '0').split(':')[0])
  return (
    !info.privileged &&
    info.capDrop.map((c) => c.toUpperCase().replace(/^CAP_/, '')).includes('ALL') &&
    info.capAdd.every((raw) => {
      const c = raw.toUpperCase().replace(/^CAP_/, '')
      return !NEVER.has(c) && (platform || policy.capabilities.includes(c))
    }) &&
    Number.isInteger(uid) &&
    uid > 0 &&
    !info.securityOpt.some((o) => /unconfined/.test(o)) &&
    info.mounts.every((m) => m.type === 'volume')
  )
}
