import { useTranslation } from 'react-i18next'
import './locale'
import StatusPage from './StatusPage'

/** /403 */
export default function Forbidden() {
  const { t } = useTranslation('pages')
  return <StatusPage code="403" title={t('system.forbiddenTitle')} text={t('system.forbidden')} />
}
