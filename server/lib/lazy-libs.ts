/**
 * Libraries only some requests need, loaded on first use instead of at start: each costs a cold start 100–350 ms
 * of module loading (exceljs alone about 300 ms) that a health check, a sign-in or an exam never uses. Node caches
 * the module, so the second call costs nothing.
 */
export const loadExcel = async () => (await import('exceljs')).default
export const loadPdfmake = async () => (await import('pdfmake')).default
