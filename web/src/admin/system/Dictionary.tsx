import { Text, makeStyles, tokens } from '@fluentui/react-components'
import { useState } from 'react'
import { dictFields } from '../../../../db/fields/system'
import { screenFields } from '../../shared/resource/fields'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { Field, ResourceScreen, Row } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { L } from './fields'

/** Parents (codes) and their items share one field description; which fields show differs. */
const fields = (child: boolean): Field[] =>
  screenFields(dictFields, {
    code: { search: !child, addOnly: child, form: !child },
    dictValue: { search: !child },
    dictValueEn: {},
    dictKey: { form: child, list: child, default: child ? undefined : '-1' },
    sort: { width: 80 },
    isSealed: { width: 80 },
    remark: { list: false },
  })

const useStyles = makeStyles({
  horizontal: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
    gap: tokens.spacingHorizontalL,
    '@media (max-width: 1200px)': { gridTemplateColumns: '1fr' },
  },
  vertical: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  hint: {
    padding: tokens.spacingHorizontalXXL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground3,
  },
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
    base,
    perm,
    listPath: 'parent-list',
    title: biz ? L('业务字典', 'Business dictionary') : L('系统字典', 'System dictionary'),
    fields: fields(false),
    query: { parentId: '0' },
    onRowClick: setParent,
  }
  const items: ResourceScreen | null = parent && {
    base,
    perm,
    listPath: 'child-list',
    tree: true,
    title: L(`字典项：${parent.dictValue}`, `Items of ${parent.code}`),
    fields: fields(true),
    query: { parentId: String(parent.id) },
  }
  return (
    <div className={layout === 'horizontal' ? s.horizontal : s.vertical}>
      <ResourcePage screen={parents} />
      {items ? (
        <ResourcePage key={String(parent!.id)} screen={items} />
      ) : (
        <div className={s.hint}>
          <Text>{say(L('点击左侧字典查看字典项', 'Choose a dictionary to see its items'))}</Text>
        </div>
      )}
    </div>
  )
}

export const SystemDictionary = () => <DictionaryScreen biz={false} />
export const BusinessDictionary = () => <DictionaryScreen biz />
export const DictHorizontal = () => <DictionaryScreen biz={false} layout="horizontal" />
export const DictVertical = () => <DictionaryScreen biz={false} layout="vertical" />
