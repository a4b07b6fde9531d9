import { writeFile, unlink, mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { simpleParser, type AddressObject, type Attachment } from 'mailparser'
import type { Ctx } from '../../../lib/context.ts'
import { sanitizeRichText } from '../../../lib/rich-text.ts'
import type { FileService } from '../../resource/files.ts'

/** The columns of an inbox row that come from the message itself. */
export interface ParsedMail {
  messageId: string | null
  from: string | null
  to: string | null
  cc: string | null
  subject: string | null
  content: string
  text: string | null
  attachments: string | null
}

/** Inline images up to this size are written into the body as data: URLs, so the sanitised HTML shows them without a token. */
const INLINE_MAX = 256 * 1024

const addresses = (a: AddressObject | AddressObject[] | undefined) =>
  a ? (Array.isArray(a) ? a.map((x) => x.text).join(', ') : a.text).slice(0, 2000) || null : null

/** The stored file's extension: the name's own when it is a plain one, else `bin` (the file store serves it as bytes). */
const extensionOf = (name: string) => {
  const ext = name.includes('.') ? name.split('.').pop()!.toLowerCase() : ''
  return /^[a-z0-9]{1,8}$/.test(ext) ? ext : 'bin'
}

async function storeAttachment(ctx: Ctx, files: FileService, a: Attachment, index: number): Promise<string> {
  const name = (a.filename ?? `attachment-${index + 1}`).slice(0, 255)
  await mkdir(files.tmpDir, { recursive: true })
  const tmp = join(files.tmpDir, `${crypto.randomUUID()}.mail`)
  await writeFile(tmp, a.content)
  try {
    const row = await files.storeTemp(ctx, tmp, {
      ext: extensionOf(name),
      size: a.content.length,
      originalName: name,
      kind: 'mail',
      isPublic: false,
    })
    return row.id
  } finally {
    await unlink(tmp).catch(() => {})
  }
}

/**
 * One fetched message's body as the inbox row's columns: headers as text, the HTML body (or the text body made HTML) sanitised by the
 * mail policy, every attachment stored as a private file of the school. Inline images (cid:) referenced by the body
 * become data: URLs there, as well as stored files.
 */
export async function parseMail(ctx: Ctx, files: FileService, source: Buffer): Promise<ParsedMail> {
  const mail = await simpleParser(source, { skipImageLinks: true, skipTextLinks: true })
  let html = mail.html || mail.textAsHtml || ''
  const stored: string[] = []
  for (const [i, a] of mail.attachments.entries()) {
    stored.push(await storeAttachment(ctx, files, a, i))
    if (a.cid && a.contentType.startsWith('image/') && a.content.length <= INLINE_MAX && html.includes(`cid:${a.cid}`))
      html = html.split(`cid:${a.cid}`).join(`data:${a.contentType};base64,${a.content.toString('base64')}`)
  }
  return {
    messageId: mail.messageId?.slice(0, 500) ?? null,
    from: addresses(mail.from),
    to: addresses(mail.to),
    cc: addresses(mail.cc),
    subject: mail.subject?.slice(0, 1000) ?? null,
    content: sanitizeRichText('mailBody', html),
    text: mail.text ?? null,
    attachments: stored.length ? stored.join(',') : null,
  }
}
