import sanitizeHtml from 'sanitize-html'

/**
 * Rich text from an editor, sanitised on the server whatever the browser
 * did: formatting, links, images, tables and code stay; scripts, event
 * handlers, styles that can hide content and foreign frames go.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'img',
    'h1',
    'h2',
    'span',
    'video',
    'source',
    'figure',
    'figcaption',
    'u',
    's',
  ],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    video: ['src', 'controls', 'width', 'height', 'poster'],
    source: ['src', 'type'],
    '*': ['class', 'style'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgb\(/],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgb\(/],
      'text-align': [/^(left|right|center|justify)$/],
      'font-size': [/^\d{1,2}px$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
}

export const sanitizeRich = (html: string): string => sanitizeHtml(html, OPTIONS)
