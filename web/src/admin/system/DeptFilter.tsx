import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { useSay } from '../../shared/resource/text'
import { useTreeOptions } from '../../shared/resource/tree-options'
import { L } from './fields'

const useStyles = makeStyles({
  item: { justifyContent: 'flex-start', width: '100%', fontWeight: tokens.fontWeightRegular },
  active: { backgroundColor: tokens.colorBrandBackground2, fontWeight: tokens.fontWeightSemibold },
})

/** The department tree left of the user list: choosing one filters the list to it and the units below. */
export default function DeptFilter({
  value,
  onChange,
}: {
  value?: string
  onChange: (deptId: string | undefined) => void
}) {
  const s = useStyles()
  const say = useSay()
  const options = useTreeOptions('/api/blade-system/dept/tree')
  return (
    <div data-testid="dept-filter">
      <Button
        appearance="subtle"
        className={mergeClasses(s.item, !value && s.active)}
        onClick={() => onChange(undefined)}
      >
        {say(L('全部机构', 'All units'))}
      </Button>
      {options.map((o) => (
        <Button
          key={o.value}
          appearance="subtle"
          className={mergeClasses(s.item, value === o.value && s.active)}
          style={{ paddingLeft: 12 + o.depth * 16 }}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </Button>
      ))}
    </div>
  )
}
