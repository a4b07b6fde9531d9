/**
 * Where stored bytes live. Two kinds sit behind this one interface: the local
 * disk under the data directory (the default) and S3-compatible object storage
 * (chosen by the tenant's enabled OSS configuration). Keys are relative
 * ("public/2026/01/31/<random>.png"); neither adapter trusts them blindly.
 */
export interface StorageAdapter {
  /** 'local' or the OSS configuration id the bytes were written to (attach.ossId). */
  readonly id: string
  /** Moves a finished temporary file into storage under `key` (the temp file is gone afterwards). */
  putFile(tmpPath: string, key: string, contentType: string): Promise<void>
  /**
   * Bytes [start, end] of the object (the whole object without a range), read as they are sent: a lazily read
   * Bun.file locally, storage's body otherwise. Async, so storage is reached (and its address checked) before
   * any header goes out; wrap in a Response to read it as text or write it to a file.
   */
  body(key: string, range?: { start: number; end: number }): Promise<Blob | ReadableStream>
  /** Size in bytes, or null when there is no such object. */
  stat(key: string): Promise<number | null>
  remove(key: string): Promise<void>
}

/** A key names a file below the storage root: no absolute paths, no "..", only plain characters. */
export const validKey = (key: string) =>
  /^[A-Za-z0-9_\-./]+$/.test(key) &&
  !key.split('/').some((p) => p === '..' || p === '.' || p === '') &&
  !key.startsWith('/')
