import DOMPurify from 'dompurify'
import { marked } from 'marked'
import { useMemo } from 'react'

/** A lab manual or step written in Markdown by staff, rendered sanitised (no scripts, no handlers). */
export default function Markdown({ text, className }: { text: string; className?: string }) {
  const html = useMemo(
    () => DOMPurify.sanitize(marked.parse(text, { async: false, gfm: true, breaks: true }) as string),
    [text],
  )
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />
}
