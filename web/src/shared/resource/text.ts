import { useTranslation } from 'react-i18next'
import type { Text2 } from './schema'

/** Turns a schema text (or a 'common' key) into the current language. */
export function useSay() {
  const { t, i18n } = useTranslation()
  return (x: Text2 | string, params?: Record<string, string>) =>
    typeof x === 'string' ? t(x, params) : i18n.language === 'en' ? x.en : x.zh
}
