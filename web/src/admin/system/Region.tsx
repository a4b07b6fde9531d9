import { Breadcrumb, BreadcrumbButton, BreadcrumbDivider, BreadcrumbItem, Button } from '@fluentui/react-components'
import { ArrowDownRightRegular } from '@fluentui/react-icons'
import { Fragment, useState } from 'react'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen, Row } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { L, need, remarkField, sortField } from './fields'

/** Regions load one level at a time (lazy-list by parentCode); "lower level" drills down, the trail goes back. */
export default function Region() {
  const say = useSay()
  const [trail, setTrail] = useState<{ code: string; name: string }[]>([])
  const parentCode = trail.at(-1)?.code ?? '00'
  const screen: ResourceScreen = {
    base: '/api/blade-system/region',
    perm: 'system:region',
    title: L('行政区划', 'Regions'),
    listPath: 'lazy-list',
    tree: true,
    query: { parentCode },
    fields: [
      { name: 'code', label: L('区划编号', 'Code'), addOnly: true, required: need('请输入区划编号', 'please enter the region code') },
      { name: 'name', label: L('区划名称', 'Name'), required: need('请输入区划名称', 'please enter the region name') },
      { name: 'parentCode', label: L('上级编号', 'Parent code'), list: false },
      { name: 'regionLevel', label: L('区划层级', 'Level'), type: 'dict', dict: { code: 'region_level' }, default: 1 },
      sortField,
      remarkField,
    ],
    rowActions: (row: Row) => row.hasChildren
      ? <Button size="small" appearance="transparent" icon={<ArrowDownRightRegular />} onClick={() => setTrail((t) => [...t, { code: String(row.code), name: String(row.name) }])}>{say(L('下级', 'Lower level'))}</Button>
      : null,
  }
  return (
    <>
      <Breadcrumb aria-label="regions" style={{ marginBottom: 8 }}>
        <BreadcrumbItem><BreadcrumbButton onClick={() => setTrail([])}>{say(L('全部', 'All'))}</BreadcrumbButton></BreadcrumbItem>
        {trail.map((t, i) => (
          <Fragment key={t.code}>
            <BreadcrumbDivider />
            <BreadcrumbItem><BreadcrumbButton current={i === trail.length - 1} onClick={() => setTrail(trail.slice(0, i + 1))}>{t.name}</BreadcrumbButton></BreadcrumbItem>
          </Fragment>
        ))}
      </Breadcrumb>
      <ResourcePage key={parentCode} screen={screen} />
    </>
  )
}
