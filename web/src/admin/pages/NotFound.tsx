import { useTranslation } from 'react-i18next'
import './locale'
import StatusPage from './StatusPage'

/** /404 */
export default function NotFound() {
  const { t } = useTranslation('pages')
  return <StatusPage code="404" title={t('system.notFoundTitle')} text={t('system.notFound')} />
}
