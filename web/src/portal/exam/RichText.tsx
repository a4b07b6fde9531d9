import DOMPurify from 'dompurify'

/** Question text is sanitised on the server; DOMPurify here is the second fence before it reaches the DOM. */
export default function RichText({ html, className }: { html: string | null | undefined; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(html ?? '') }} />
}
