import { useDictionary, type DictItem } from './data'
import { currentLang } from './i18n'

export type { DictItem }

export const dictLabel = (item: DictItem) =>
  currentLang() === 'en' && item.dictValueEn ? item.dictValueEn : item.dictValue

const none: DictItem[] = []

/** Items of a dictionary code (system, or business with biz); empty until loaded or when it fails. */
export function useDict(code?: string, biz = false): DictItem[] {
  return useDictionary(code, biz).data ?? none
}
