import { Text, makeStyles, tokens } from '@fluentui/react-components'
import { useState } from 'react'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { Field, ResourceScreen, Row } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { L, need, remarkField } from './fields'

const required = {
  code: need('请输入字典编号', 'please enter the dictionary code'),
  dictValue: need('请输入字典名称', 'please enter the dictionary name'),
  dictKey: need('请输入字典键值', 'please enter the dictionary key'),
  sort: need('请输入字典排序', 'please enter the sort order'),
  isSealed: need('请选择字典封存', 'please select whether it is sealed'),
}

const fields = (child: boolean): Field[] => [
  { name: 'code', label: L('字典编号', 'Code'), search: !child, required: required.code, addOnly: child, form: !child },
  { name: 'dictValue', label: L('字典名称', 'Name'), search: !child, required: required.dictValue },
  { name: 'dictValueEn', label: L('英文名称', 'English name') },
  { name: 'dictKey', label: L('字典键值', 'Key'), required: required.dictKey, form: child, list: child, default: child ? undefined : '-1' },
  { name: 'sort', label: L('字典排序', 'Sort'), type: 'number', required: required.sort, default: 1, width: 80 },
  { name: 'isSealed', label: L('封存', 'Sealed'), type: 'dict', dict: { code: 'yes_no' }, required: required.isSealed, default: 0, width: 80 },
  remarkField,
]

const useStyles = makeStyles({
  horizontal: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: tokens.spacingHorizontalL, '@media (max-width: 1200px)': { gridTemplateColumns: '1fr' } },
  vertical: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  hint: { padding: tokens.spacingHorizontalXXL, backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusMedium, color: tokens.colorNeutralForeground3 },
})

/**
 * A dictionary screen: parents (codes) on one side, the chosen code's items on
 * the other. Side by side or stacked (spec: /dict-horizontal, /dict-vertical).
 */
export function DictionaryScreen({ biz, layout = 'horizontal' }: { biz: boolean; layout?: 'horizontal' | 'vertical' }) {
  const s = useStyles()
  const say = useSay()
  const [parent, setParent] = useState<Row | null>(null)
  const base = `/api/blade-system/${biz ? 'dict-biz' : 'dict'}`
  const perm = biz ? 'system:dictbiz' : 'system:dict'
  const parents: ResourceScreen = {
    base, perm, listPath: 'parent-list', title: biz ? L('业务字典', 'Business dictionary') : L('系统字典', 'System dictionary'),
    fields: fields(false), query: { parentId: '0' }, onRowClick: setParent,
  }
  const items: ResourceScreen | null = parent && {
    base, perm, listPath: 'child-list', tree: true, title: L(`字典项：${parent.dictValue}`, `Items of ${parent.code}`),
    fields: fields(true), query: { parentId: String(parent.id) },
  }
  return (
    <div className={layout === 'horizontal' ? s.horizontal : s.vertical}>
      <ResourcePage screen={parents} />
      {items ? <ResourcePage key={String(parent!.id)} screen={items} /> : <div className={s.hint}><Text>{say(L('点击左侧字典查看字典项', 'Choose a dictionary to see its items'))}</Text></div>}
    </div>
  )
}

export const SystemDictionary = () => <DictionaryScreen biz={false} />
export const BusinessDictionary = () => <DictionaryScreen biz />
export const DictHorizontal = () => <DictionaryScreen biz={false} layout="horizontal" />
export const DictVertical = () => <DictionaryScreen biz={false} layout="vertical" />
