// pdfmake 0.3 ships no type declarations; these cover what the report renderer uses (server side, fonts from files).
declare module 'pdfmake' {
  type FontFile = string | [file: string, postscriptName: string]
  interface PdfDocument {
    getBuffer(): Promise<Buffer>
  }
  const pdfmake: {
    addFonts(
      fonts: Record<string, { normal: FontFile; bold?: FontFile; italics?: FontFile; bolditalics?: FontFile }>,
    ): void
    setUrlAccessPolicy(allow: (url: string) => boolean): void
    setLocalAccessPolicy(allow: (path: string) => boolean): void
    createPdf(definition: object): PdfDocument
  }
  export default pdfmake
}
