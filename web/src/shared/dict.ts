import { useEffect, useState } from 'react'
import { api } from './api'
import { currentLang } from './i18n'

export interface DictItem { id: string; dictKey: string; dictValue: string; dictValueEn?: string | null }

const cache = new Map<string, Promise<DictItem[]>>()

/** Items of a dictionary code (system or business), fetched once per page load. */
export function loadDict(code: string, biz = false): Promise<DictItem[]> {
  const key = `${biz ? 'biz' : 'sys'}:${code}`
  if (!cache.has(key)) cache.set(key, api.get<DictItem[]>(`/api/blade-system/${biz ? 'dict-biz' : 'dict'}/dictionary`, { code }, { silent: true }).catch(() => []))
  return cache.get(key)!
}

export const dictLabel = (item: DictItem) => (currentLang() === 'en' && item.dictValueEn ? item.dictValueEn : item.dictValue)

export function useDict(code?: string, biz = false): DictItem[] {
  const [items, setItems] = useState<DictItem[]>([])
  useEffect(() => { if (code) void loadDict(code, biz).then(setItems) }, [code, biz])
  return items
}
