import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import { store } from '../storage'
import common from './common'
import type { Lang } from '../../../../server/api-types'

/** The languages the server answers in (server/lib/messages.ts). */
export type { Lang }
export type Dict = { [key: string]: string | string[] | Dict | Dict[] }

/** Chinese is the default (spec §9); the choice persists across reloads. */
export const currentLang = (): Lang => (store.get<string>('lang', 'zh') === 'en' ? 'en' : 'zh')

void i18n.use(initReactI18next).init({
  lng: currentLang(),
  fallbackLng: 'zh',
  defaultNS: 'common',
  ns: ['common'],
  resources: { zh: { common: common.zh }, en: { common: common.en } },
  interpolation: { escapeValue: false },
  returnNull: false,
})

/**
 * Each area registers its own texts under its namespace at import time, so
 * no single file collects every string: `registerLocale('system', { zh, en })`
 * then `useTranslation('system')`.
 */
export function registerLocale(ns: string, texts: { zh: Dict; en: Dict }) {
  i18n.addResourceBundle('zh', ns, texts.zh, true, true)
  i18n.addResourceBundle('en', ns, texts.en, true, true)
}

export function setLang(lang: Lang) {
  store.set('lang', lang)
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en'
  void i18n.changeLanguage(lang)
}

export default i18n
