import { Button, Text } from '@fluentui/react-components'
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import * as pdfjs from 'pdfjs-dist'
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url'
import './locale'
import Loading from '../../shared/Loading'

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl

/** A PDF rendered in the page with pdf.js, a page at a time, fitted to the width available. */
export default function PdfView({ url, onPage }: { url: string; onPage?: (page: number, pages: number) => void }) {
  const { t } = useTranslation('learn')
  const canvas = useRef<HTMLCanvasElement>(null)
  const box = useRef<HTMLDivElement>(null)
  const [doc, setDoc] = useState<pdfjs.PDFDocumentProxy | null>(null)
  const [page, setPage] = useState(1)
  const [error, setError] = useState(false)
  useEffect(() => {
    let live = true
    setDoc(null)
    setPage(1)
    const task = pdfjs.getDocument({ url })
    task.promise.then(
      (d) => {
        if (live) setDoc(d)
      },
      () => {
        if (live) setError(true)
      },
    )
    return () => {
      live = false
      void task.destroy()
    }
  }, [url])
  useEffect(() => {
    if (!doc || !canvas.current) return
    let cancelled = false
    let render: { cancel(): void } | null = null
    void doc.getPage(page).then((pg) => {
      if (cancelled || !canvas.current) return
      const width = Math.min(box.current?.clientWidth ?? 800, 1000)
      const viewport = pg.getViewport({ scale: width / pg.getViewport({ scale: 1 }).width })
      const c = canvas.current
      c.width = viewport.width
      c.height = viewport.height
      const task = pg.render({ canvasContext: c.getContext('2d')!, viewport, canvas: c })
      render = task
      return task.promise.catch(() => {})
    })
    onPage?.(page, doc.numPages)
    return () => {
      cancelled = true
      render?.cancel()
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onPage is a fresh closure each render; a page change is what matters
  }, [doc, page])
  if (error) return <Text>PDF ✕</Text>
  return (
    <div ref={box} style={{ display: 'grid', gap: 8, justifyItems: 'center' }} data-testid="pdf-view">
      {!doc && <Loading />}
      <canvas ref={canvas} style={{ maxWidth: '100%', boxShadow: '0 1px 4px rgba(0,0,0,.2)' }} />
      {doc && (
        <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <Button icon={<ChevronLeftRegular />} disabled={page <= 1} onClick={() => setPage(page - 1)} aria-label="‹" />
          <Text data-testid="pdf-page">{t('page', { p: page, n: doc.numPages })}</Text>
          <Button
            icon={<ChevronRightRegular />}
            disabled={page >= doc.numPages}
            onClick={() => setPage(page + 1)}
            aria-label="›"
          />
        </div>
      )}
    </div>
  )
}
