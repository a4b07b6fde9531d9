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
  /** The object as a lazily read Blob: slice() reads only that range (Bun.file or an S3 file). */
  open(key: string): Blob
  /** A response body for bytes [start, end] of the object (the whole object without a range), read as it is sent. */
  body(key: string, range?: { start: number; end: number }): Blob | ReadableStream
  /** Size in bytes, or null when there is no such object. */
  stat(key: string): Promise<number | null>
  remove(key: string): Promise<void>
}

/** A key names a file below the storage root: no absolute paths, no "..", only plain characters. */
export const validKey = (key: string) =>
  /^[A-Za-z0-9_\-./]+$/.test(key) &&
  !key.split('/').some((p) => p === '..' || p === '.' || p === '') &&
  !key.startsWith('/')
