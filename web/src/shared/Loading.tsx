import { Spinner, type SpinnerProps } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'

/** A spinner with a name ("加载中…"): a bare Spinner is a progress bar that tells a screen reader nothing. */
export default function Loading(props: SpinnerProps) {
  const { t } = useTranslation('common')
  return <Spinner aria-label={t('loading')} {...props} />
}
