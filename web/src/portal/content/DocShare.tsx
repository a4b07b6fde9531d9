import { Button, Text } from '@fluentui/react-components'
import { ArrowLeftRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router-dom'
import { useFetch } from '../../shared/data'
import { usePortalStyles } from './ui'
import { Markdown } from './rich'
import PdfView from './PdfView'
import Loading from '../../shared/Loading'

/** One cloud document, full page: a PDF through pdf.js, Markdown as HTML. */
export default function DocShare() {
  const p = usePortalStyles()
  const { t } = useTranslation('learn')
  const { id } = useParams()
  const navigate = useNavigate()
  const doc = useFetch<{
    id: string
    title: string
    fileType: string
    link: string | null
    text: string | null
    needLogin: boolean
  }>('/api/nop-wbp/document/detail', { id }, { staleTime: 0 })
  if (!doc.data) return <div className={p.page}>{doc.isError ? <Text>{t('empty')}</Text> : <Loading />}</div>
  const d = doc.data
  return (
    <div className={p.page} style={{ maxWidth: 1000 }}>
      <div>
        <Button appearance="transparent" icon={<ArrowLeftRegular />} onClick={() => navigate('/home/cloud-document')}>
          {t('documents')}
        </Button>
      </div>
      <h1 className={p.h1}>{d.title}</h1>
      {d.needLogin ? (
        <Button
          appearance="primary"
          onClick={() => navigate(`/home/user-login?redirect=${encodeURIComponent(`/home/doc-share/${d.id}`)}`)}
        >
          {t('loginToRead')}
        </Button>
      ) : d.fileType === 'md' ? (
        <div className={p.panel}>
          <Markdown className={p.rich} text={d.text} />
        </div>
      ) : d.link ? (
        <PdfView url={d.link} />
      ) : null}
    </div>
  )
}
