import sanitizeHtml from 'sanitize-html'

/**
 * The one server-side HTML sanitiser (tests/conventions/one-of-each.test.ts
 * refuses a second). Rich text from an editor is sanitised again before it is
 * stored (the web's DOMPurify is a courtesy); a caller names what the text is
 * (`sanitizeRichText('courseIntro', html)`), and the name picks its policy, so
 * two fields of one kind cannot drift apart and a new field says which kind it is.
 */

const base: sanitizeHtml.IOptions = {
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
}

/**
 * Pages learners read (news, course and series pages, courseware text): the
 * content editor's formatting, colours, alignment and font sizes, headings,
 * figures and embedded video stay; scripts, event handlers, styles that could
 * hide or overlay content, and foreign frames go.
 */
const page: sanitizeHtml.IOptions = {
  ...base,
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
}

/**
 * Questions and exams (stems, options, analyses, reference answers, an exam's
 * notice): formatting, lists, tables, code, links and images, with sub/sup
 * and del/ins for formulas and corrections; no styles and no video, so a
 * question reads the same in the exam, the bank, exports and imports.
 */
const question: sanitizeHtml.IOptions = {
  ...base,
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
}

/**
 * Mail a school's inbox received from anyone: the formatting, tables and colours of ordinary mail; images only as
 * data: URLs (the sync inlines the message's own cid: images), so opening a message loads nothing from the sender's
 * servers (no tracking pixels); links open apart from the back office.
 */
const mail: sanitizeHtml.IOptions = {
  ...page,
  allowedTags: [
    ...(page.allowedTags as string[]).filter((tag) => tag !== 'video' && tag !== 'source'),
    'font',
    'center',
    'sub',
    'sup',
    'del',
    'ins',
  ],
  allowedAttributes: {
    ...(page.allowedAttributes as Record<string, string[]>),
    img: ['src', 'alt', 'title', 'width', 'height'],
    font: ['color'],
    td: ['colspan', 'rowspan', 'align', 'valign', 'width'],
    th: ['colspan', 'rowspan', 'align', 'valign', 'width'],
    table: ['width', 'cellpadding', 'cellspacing', 'border'],
  },
  allowedSchemesByTag: { img: ['data'] },
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }),
  },
}

/** Every kind of rich text the appliance stores, and its policy. */
const POLICIES = {
  newsBody: page,
  courseIntro: page,
  coursewareText: page,
  seriesIntro: page,
  questionStem: question,
  questionOption: question,
  questionAnalysis: question,
  questionAnswer: question,
  examNotice: question,
  mailBody: mail,
} satisfies Record<string, sanitizeHtml.IOptions>

export type RichTextKind = keyof typeof POLICIES

export const sanitizeRichText = (kind: RichTextKind, html: string): string => sanitizeHtml(html, POLICIES[kind])

/** Plain text of a rich-text value, for listings, exports and searches. */
export const richTextToPlain = (html: string): string =>
  sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .trim()
