import { useRef, useState } from 'react'
import { useBrokerTopic } from '../../shared/broker'
import { invalidate, useRemove, useSubmit } from '../../shared/data'
import { notify } from '../../shared/notify'
import FormDialog from '../../shared/resource/FormDialog'
import ResourcePage from '../../shared/resource/ResourcePage'
import { deviceFields } from '../../../../db/fields/iot'
import { screenFields } from '../../shared/resource/fields'
import type { ResourceScreen, Row } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { useSession } from '../../shared/session'
import { useConfirm } from '../../shared/useConfirm'
import { L } from '../system/fields'
import DeviceDialog from './DeviceDialog'

const BASE = '/api/blade-device/device'

const fields = screenFields(deviceFields, {
  name: { search: true },
  productId: { search: true, width: 180 },
  sn: { search: true },
  status: { form: false, width: 90 },
  serialNo: { list: false },
  activeTime: { form: false },
  firmVersion: { form: false },
  lat: { list: false, span: 12 },
  lon: { list: false, span: 12 },
  addr: { list: false },
  remark: { list: false },
})

/**
 * Devices as a card grid (spec: no edit/delete/view buttons and no selection on the grid); a card opens the
 * device's page. Online/offline changes arrive over the broker and refresh the grid without a reload.
 */
export default function Device() {
  const say = useSay()
  const { user } = useSession()
  const { confirm, dialog } = useConfirm()
  const [openId, setOpenId] = useState<string>()
  const [editing, setEditing] = useState<Row | null>(null)
  const { submit } = useSubmit<Row>(BASE)
  const { remove } = useRemove(BASE)
  // A burst of status changes (a classroom powering up) refreshes the grid once.
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined)
  useBrokerTopic(user ? `tenant/${user.tenant_id}/device/+/status` : null, () => {
    clearTimeout(pending.current)
    pending.current = setTimeout(() => void invalidate(BASE), 300)
  })

  const screen: ResourceScreen = {
    base: BASE,
    perm: 'iot:device',
    title: L('设备管理', 'Devices'),
    layout: 'cards',
    actions: { add: true, edit: false, delete: false, view: false, selection: false },
    invalidates: ['/api/blade-productOta/productOta'],
    fields,
    onRowClick: (row) => setOpenId(String(row.id)),
  }
  return (
    <>
      <ResourcePage screen={screen} />
      {openId && (
        <DeviceDialog
          id={openId}
          onClose={() => setOpenId(undefined)}
          onEdit={(row) => setEditing(row)}
          onRemove={async (id) => {
            if (!(await confirm(say('confirmDelete')))) return
            await remove([id])
            notify.success(say('deletedSuccessfully'))
            setOpenId(undefined)
          }}
        />
      )}
      {editing && (
        <FormDialog
          mode="edit"
          title={`${say('edit')} · ${say(screen.title)}`}
          fields={fields}
          initial={editing}
          onClose={() => setEditing(null)}
          onSubmit={async (values) => {
            await submit(values)
            notify.success(say('updatedSuccessfully'))
            setEditing(null)
          }}
        />
      )}
      {dialog}
    </>
  )
}
