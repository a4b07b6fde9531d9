import { useTranslation } from 'react-i18next'
import './locale'
import StatusPage from './StatusPage'

/** /500 */
export default function ServerError() {
  const { t } = useTranslation('pages')
  return <StatusPage code="500" title={t('system.serverErrorTitle')} text={t('system.serverError')} />
}
