import { Badge, Button } from '@fluentui/react-components'
import { CheckmarkCircleRegular } from '@fluentui/react-icons'
import type { Text2 } from '../../../../db/fields/types'
import { write } from '../../shared/data'
import { notify } from '../../shared/notify'
import { usePermissions } from '../../shared/permissions'
import type { ActionContext, Row } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'

/**
 * The row action of resources where one row of a school is the one in use (storage, SMS and mail accounts): the
 * row in use shows a badge, any other an "enable" button for who holds `<perm>:enable` (POST `<base>/enable?id=`).
 */
export default function EnableAction({
  row,
  ctx,
  base,
  perm,
  inUse,
}: {
  row: Row
  ctx: ActionContext
  base: string
  perm: string
  inUse: Text2
}) {
  const say = useSay()
  const perms = usePermissions()
  if (row.isEnabled === 1)
    return (
      <Badge appearance="tint" color="success">
        {say(inUse)}
      </Badge>
    )
  if (!perms.has(`${perm}:enable`)) return null
  return (
    <Button
      size="small"
      appearance="transparent"
      icon={<CheckmarkCircleRegular />}
      data-testid="row-enable"
      onClick={async () => {
        await write(`${base}/enable`, { params: { id: String(row.id) } })
        notify.success(say('operationSuccessful'))
        ctx.reload()
      }}
    >
      {say({ zh: '启用', en: 'Enable' })}
    </Button>
  )
}
