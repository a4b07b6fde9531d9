/** Rich text as one line of plain text, for lists and pickers (the HTML was sanitised on the server). */
export const plain = (html: string | null | undefined) =>
  (html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
