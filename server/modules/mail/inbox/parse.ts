// mailparser (and the MIME tables it loads) is imported when a message is parsed, not when the appliance starts.
import type { AddressObject } from 'mailparser'
import { sanitizeRichText } from '../../../lib/rich-text.ts'

/** The columns of an inbox row that come from the message's text (its attachments are stored by the job). */
export interface ParsedMail {
  messageId: string | null
  from: string | null
  to: string | null
  cc: string | null
  subject: string | null
  content: string
  text: string | null
}

/** Inline images up to this size are written into the body as data: URLs, so the sanitised HTML shows them without a token. */
const INLINE_MAX = 256 * 1024

const addresses = (a: AddressObject | AddressObject[] | undefined) =>
  a ? (Array.isArray(a) ? a.map((x) => x.text).join(', ') : a.text).slice(0, 2000) || null : null

/** An attachment as the message carries it, stored by the parse job (parse-job.ts) under a key of its own. */
export interface MailAttachment {
  name: string
  content: Buffer
}

/**
 * One fetched message's body as the inbox row's columns: headers as text, the HTML body (or the text body made HTML)
 * sanitised by the mail policy, and its attachments to store as private files of the school. Inline images (cid:)
 * referenced by the body become data: URLs there, as well as stored files. Nothing is written here: the job stores
 * the files and records them with the row, so a retried parse finds nothing half done.
 */
export async function parseMail(source: Buffer): Promise<ParsedMail & { files: MailAttachment[] }> {
  const { simpleParser } = await import('mailparser')
  const mail = await simpleParser(source, { skipImageLinks: true, skipTextLinks: true })
  let html = mail.html || mail.textAsHtml || ''
  const files: MailAttachment[] = []
  for (const [i, a] of mail.attachments.entries()) {
    files.push({ name: (a.filename ?? `attachment-${i + 1}`).slice(0, 255), content: a.content })
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
    files,
  }
}
