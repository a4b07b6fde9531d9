/**
 * /myiframe/:routerPath carries the menu entry's web address, URI-encoded.
 * Only http and https may be embedded: anything else (javascript:, data:,
 * file:, a bare word) answers null and the page refuses it.
 */
export function frameAddress(param: string | undefined): string | null {
  if (!param) return null
  // The router may already have decoded all but the slashes (%2F); decoding a second time is then harmless.
  let text = param
  try {
    text = decodeURIComponent(param)
  } catch {
    /* a stray % in an already decoded address */
  }
  try {
    const url = new URL(text)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}
