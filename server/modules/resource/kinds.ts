import { defineMessages } from '../../lib/messages.ts'

defineMessages({
  'upload.missing': { zh: '请上传文件', en: 'please upload a file' },
  'upload.imageMissing': { zh: '请上传图片', en: 'please upload an image' },
  'upload.firmwareMissing': { zh: '请上传固件', en: 'please upload firmware' },
  'upload.tooLarge': { zh: '上传文件大小不能超过 {max}', en: 'the file must not exceed {max}' },
  'upload.imageRule': { zh: '只能上传jpeg/jpg/png文件，且不超过5M', en: 'only jpeg/jpg/png files, not over 5M' },
  'upload.avatarRule': {
    zh: '头像只能是 jpg/png 格式，且不超过 500KB',
    en: 'the avatar must be jpg or png, at most 500 KB',
  },
  'upload.type': { zh: '不支持的文件类型，允许：{allowed}', en: 'this file type is not allowed; allowed: {allowed}' },
  'upload.nameMismatch': {
    zh: '文件内容与扩展名 .{ext} 不符',
    en: 'the file content does not match its extension .{ext}',
  },
  'upload.kind': { zh: '未知的上传类型 {kind}', en: 'unknown upload kind {kind}' },
  'upload.oneFile': { zh: '一次只能上传一个文件', en: 'upload one file at a time' },
})

export interface UploadKind {
  /** Types recognised by content (file-type's ext names); text types are checked as UTF-8. */
  types: string[]
  maxBytes: number
  /** Public files (covers, banners, avatars) are served to anyone under unguessable names. */
  isPublic: boolean
  /** Message keys: missing file, wrong type, too large. */
  missing: string
  typeRule?: string
  sizeRule?: string
  /** The size as the spec writes it, for the message. */
  maxText: string
}

const MB = 1024 * 1024
const IMAGE = ['jpg', 'png']
const DOCUMENTS = ['pdf', 'md', 'txt', 'docx', 'xlsx', 'pptx', 'doc', 'xls', 'ppt']
const MEDIA = ['mp4', 'webm', 'mov', 'mkv', 'avi', 'mp3']
const ARCHIVES = ['zip', 'rar', '7z', 'gz', 'tar']

/** Spec §5/§9: the limits per kind of upload, checked on the server by content. */
export const KINDS: Record<string, UploadKind> = {
  image: {
    types: IMAGE,
    maxBytes: 5 * MB,
    isPublic: true,
    missing: 'upload.imageMissing',
    typeRule: 'upload.imageRule',
    sizeRule: 'upload.imageRule',
    maxText: '5M',
  },
  banner: {
    types: IMAGE,
    maxBytes: 5 * MB,
    isPublic: true,
    missing: 'upload.imageMissing',
    typeRule: 'upload.imageRule',
    sizeRule: 'upload.imageRule',
    maxText: '5M',
  },
  avatar: {
    types: IMAGE,
    maxBytes: 500 * 1024,
    isPublic: true,
    missing: 'upload.imageMissing',
    typeRule: 'upload.avatarRule',
    sizeRule: 'upload.avatarRule',
    maxText: '500KB',
  },
  courseware: {
    types: [...DOCUMENTS, ...MEDIA, ...IMAGE],
    maxBytes: 100 * MB,
    isPublic: false,
    missing: 'upload.missing',
    maxText: '100M',
  },
  download: {
    types: [...DOCUMENTS, ...ARCHIVES, ...MEDIA, ...IMAGE, 'exe', 'bin', 'csv', 'json'],
    maxBytes: 50 * MB,
    isPublic: false,
    missing: 'upload.missing',
    maxText: '50M',
  },
  firmware: {
    types: ['zip', 'rar', 'bin'],
    maxBytes: 50 * MB,
    isPublic: false,
    missing: 'upload.firmwareMissing',
    maxText: '50M',
  },
  document: {
    types: [...DOCUMENTS, ...IMAGE],
    maxBytes: 50 * MB,
    isPublic: false,
    missing: 'upload.missing',
    maxText: '50M',
  },
}

/** Extensions a name may carry for a sniffed type (a PNG named .exe is refused). */
export const NAME_EXTS: Record<string, string[]> = {
  jpg: ['jpg', 'jpeg'],
  md: ['md', 'markdown'],
  txt: ['txt', 'log', 'ino', 'c', 'py', 'js', 'ts', 'sh'],
  tar: ['tar'],
  gz: ['gz', 'tgz'],
  mov: ['mov', 'qt'],
}

export const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  wav: 'audio/wav',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  md: 'text/markdown; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mkv: 'video/x-matroska',
  avi: 'video/x-msvideo',
  mp3: 'audio/mpeg',
  zip: 'application/zip',
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
}
