const num = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d)

/** Lab-wide limits, from the environment (README's configuration table lists them). */
export interface LabSettings {
  /** Running labs this host takes at most (the host quota). */
  maxRunning: number
  /** Running labs one tenant takes at most. */
  maxPerTenant: number
  /** Seconds between reaper passes (expiry, idle, stale queue places). */
  reapSeconds: number
  /** Seconds a terminal's shell stays alive with nobody attached, so a reconnect finds it. */
  terminalGraceSeconds: number
  /** Largest file a learner may upload into, or download from, a workspace. */
  uploadMaxMb: number
  downloadMaxMb: number
  /** A queued learner who stops asking for this long loses the place. */
  queueStaleSeconds: number
  /** Address range the labs' private networks are cut from (one /29 each), e.g. 10.213.0.0/16. */
  subnet: string
  /**
   * Seconds a claimed place may stay without a container: longer than any real open takes (a class's cold burst
   * is ~15 s), so a claim older than this was cut short (a crash) and no longer holds a quota place.
   */
  startTimeoutSeconds: number
  /** The platform's cap on a workspace, whatever size a school's environment asks for. */
  workspaceMaxMb: number
  /** Seconds a listed lab host may stay unreachable before its labs end ('host-lost') and their learners are told. */
  hostGraceSeconds: number
}

export function loadLabSettings(env: Record<string, string | undefined> = process.env): LabSettings {
  return {
    maxRunning: num(env.ATRIUM_LABS_MAX, 60),
    maxPerTenant: num(env.ATRIUM_LABS_PER_TENANT, 40),
    reapSeconds: num(env.ATRIUM_LABS_REAP_SECONDS, 30),
    terminalGraceSeconds: num(env.ATRIUM_LABS_TERMINAL_GRACE, 120),
    uploadMaxMb: num(env.ATRIUM_LABS_UPLOAD_MB, 50),
    downloadMaxMb: num(env.ATRIUM_LABS_DOWNLOAD_MB, 100),
    queueStaleSeconds: 120,
    subnet: env.ATRIUM_LABS_SUBNET || '10.213.0.0/16',
    startTimeoutSeconds: num(env.ATRIUM_LABS_START_SECONDS, 120),
    workspaceMaxMb: num(env.ATRIUM_LABS_WORKSPACE_MAX_MB, 1024),
    hostGraceSeconds: num(env.ATRIUM_LABS_HOST_GRACE, 60),
  }
}
