import sanitizeHtml from 'sanitize-html'

/**
 * Rich text from an editor is sanitised again on the server before it is
 * stored (the web's DOMPurify is a courtesy): formatting, lists, tables, code,
 * links and images stay; scripts, event handlers, styles and unknown schemes go.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'u', 's', 'sub', 'sup', 'del', 'ins'],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    span: ['class'],
    code: ['class'],
    pre: ['class'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
}

export const sanitizeRichText = (html: string): string => sanitizeHtml(html, OPTIONS)

/** Plain text of a rich-text value, for listings, exports and searches. */
export const richTextToPlain = (html: string): string =>
  sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .trim()
