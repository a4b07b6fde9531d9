import { Breadcrumb, BreadcrumbButton, BreadcrumbDivider, BreadcrumbItem, Button } from '@fluentui/react-components'
import { ArrowDownRightRegular } from '@fluentui/react-icons'
import { Fragment, useState } from 'react'
import { regionFields } from '../../../../db/fields/system'
import { screenFields } from '../../shared/resource/fields'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen, Row } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { L } from './fields'

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
    fields: screenFields(regionFields, {
      code: { addOnly: true },
      name: {},
      parentCode: { list: false },
      regionLevel: {},
      sort: { width: 80 },
      remark: { list: false },
    }),
    rowActions: (row: Row) =>
      row.hasChildren ? (
        <Button
          size="small"
          appearance="transparent"
          icon={<ArrowDownRightRegular />}
          onClick={() => setTrail((t) => [...t, { code: String(row.code), name: String(row.name) }])}
        >
          {say(L('下级', 'Lower level'))}
        </Button>
      ) : null,
  }
  return (
    <>
      <Breadcrumb aria-label="regions" style={{ marginBottom: 8 }}>
        <BreadcrumbItem>
          <BreadcrumbButton onClick={() => setTrail([])}>{say(L('全部', 'All'))}</BreadcrumbButton>
        </BreadcrumbItem>
        {trail.map((t, i) => (
          <Fragment key={t.code}>
            <BreadcrumbDivider />
            <BreadcrumbItem>
              <BreadcrumbButton current={i === trail.length - 1} onClick={() => setTrail(trail.slice(0, i + 1))}>
                {t.name}
              </BreadcrumbButton>
            </BreadcrumbItem>
          </Fragment>
        ))}
      </Breadcrumb>
      <ResourcePage key={parentCode} screen={screen} />
    </>
  )
}
