import DOMPurify from 'dompurify'
import { marked } from 'marked'

// Apart from ui.tsx so that pages without rich text (home, course lists) do not load the sanitiser and Markdown parser.

/** Rich text the server already sanitised, sanitised once more before it reaches the DOM. */
export function Html({ html, className }: { html: string | null | undefined; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(html ?? '') }} />
}

/** Markdown rendered as HTML (sanitised). */
export function Markdown({ text, className }: { text: string | null | undefined; className?: string }) {
  return (
    <div
      className={className}
      data-testid="markdown"
      dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(marked.parse(text ?? '', { async: false }) as string) }}
    />
  )
}
