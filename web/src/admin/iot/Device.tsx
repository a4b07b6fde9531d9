import { useRef, useState } from 'react'
import { useBrokerTopic } from '../../shared/broker'
import { invalidate, useRemove, useSubmit } from '../../shared/data'
import { notify } from '../../shared/notify'
import FormDialog from '../../shared/resource/FormDialog'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { Field, ResourceScreen, Row } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { useSession } from '../../shared/session'
import { useConfirm } from '../../shared/useConfirm'
import { deviceStatusField, productField, L, need, remarkField } from './fields'
import DeviceDialog from './DeviceDialog'

const BASE = '/api/blade-device/device'

const fields: Field[] = [
  {
    name: 'name',
    label: L('设备名称', 'Name'),
    search: true,
    required: need('请输入设备名称', 'please enter the device name'),
  },
  { ...productField },
  {
    name: 'sn',
    label: L('设备唯一标识', 'Serial (sn)'),
    required: need('请输入设备唯一标识', 'please enter the device serial number (sn)'),
    search: true,
  },
  deviceStatusField,
  { name: 'serialNo', label: L('设备序列号', 'Serial number'), list: false },
  { name: 'activeTime', label: L('激活时间', 'Last came online'), type: 'datetime', form: false },
  { name: 'firmVersion', label: L('固件版本', 'Firmware'), form: false },
  { name: 'lat', label: L('纬度', 'Latitude'), type: 'number', list: false, span: 12 },
  { name: 'lon', label: L('经度', 'Longitude'), type: 'number', list: false, span: 12 },
  { name: 'addr', label: L('安装地址', 'Address'), list: false },
  remarkField,
]

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
