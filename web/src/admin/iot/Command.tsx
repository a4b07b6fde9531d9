import {
  Button,
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field as FluentField,
  Option,
  Text,
  tokens,
} from '@fluentui/react-components'
import { OptionsRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useFetch } from '../../shared/data'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen, Row } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { L, need, remarkField, sortField } from './fields'

interface Product {
  id: string
  name: string
}

const TYPES = ['int', 'float', 'string', 'bool', 'enum'].map((t) => ({ value: t, label: L(t, t) }))

/** The parameters of one command (blade-command/commandDetail), each with its type. */
function Params({ command, onClose }: { command: Row; onClose: () => void }) {
  const say = useSay()
  const screen: ResourceScreen = {
    base: '/api/blade-command/commandDetail',
    perm: 'iot:command',
    title: L(`参数 · ${command.name}`, `Parameters · ${command.name}`),
    listPath: 'getCommandDetail',
    query: { commandId: String(command.id) },
    actions: { view: false, selection: false },
    invalidates: ['/api/blade-command/command'],
    fields: [
      {
        name: 'name',
        label: L('参数名称', 'Name'),
        required: need('请输入参数名称', 'please enter the parameter name'),
      },
      { name: 'code', label: L('参数标识', 'Key'), required: need('请输入参数标识', 'please enter the parameter key') },
      { name: 'type', label: L('类型', 'Type'), type: 'select', options: TYPES, default: 'string', width: 90 },
      { name: 'required', label: L('必填', 'Required'), type: 'switch', default: 0, width: 80 },
      { name: 'defaultValue', label: L('默认值', 'Default') },
      { name: 'options', label: L('可选值（逗号分隔，enum）', 'Choices (comma-separated, enum)'), list: false },
      sortField,
    ],
  }
  return (
    <Dialog
      open
      onOpenChange={(_, d) => {
        if (!d.open) onClose()
      }}
    >
      <DialogSurface style={{ maxWidth: 900 }} data-testid="params-dialog">
        <DialogBody>
          <DialogTitle>{say(screen.title)}</DialogTitle>
          <DialogContent>
            <ResourcePage screen={screen} />
          </DialogContent>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

/** Commands per product (and optionally for one device of it), with their typed parameters. */
export default function Command() {
  const say = useSay()
  const { data: products } = useFetch<Product[]>('/api/blade-product/product/allproduct')
  const [productId, setProductId] = useState<string>()
  const [params, setParams] = useState<Row | null>(null)
  const chosen = productId ?? products?.[0]?.id

  const screen: ResourceScreen | null = chosen
    ? {
        base: '/api/blade-command/command',
        perm: 'iot:command',
        title: L('指令管理', 'Commands'),
        listPath: 'getCommandByProductId',
        query: { productId: chosen },
        actions: { view: false, selection: false },
        fields: [
          {
            name: 'name',
            label: L('指令名称', 'Name'),
            required: need('请输入指令名称', 'please enter the command name'),
          },
          {
            name: 'code',
            label: L('指令标识', 'Method'),
            required: need('请输入指令标识', 'please enter the command identifier'),
          },
          { name: 'timeout', label: L('超时（秒）', 'Timeout (s)'), type: 'number', default: 10, width: 110 },
          {
            name: 'deviceId',
            label: L('仅限设备（可选）', 'Only this device (optional)'),
            type: 'tree',
            tree: { url: '/api/blade-device/device/list', params: { productId: chosen, size: '200' }, label: 'name' },
            list: false,
          },
          remarkField,
        ],
        rowActions: (row) => (
          <Button
            size="small"
            appearance="transparent"
            icon={<OptionsRegular />}
            onClick={() => setParams(row)}
            data-testid="row-params"
          >
            {say(L('参数', 'Parameters'))}
          </Button>
        ),
      }
    : null

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM }}>
      <FluentField label={say(L('产品', 'Product'))} orientation="horizontal" style={{ maxWidth: 480 }}>
        <Dropdown
          value={products?.find((p) => p.id === chosen)?.name ?? ''}
          onOptionSelect={(_, d) => setProductId(d.optionValue)}
          data-testid="command-product"
        >
          {(products ?? []).map((p) => (
            <Option key={p.id} value={p.id}>
              {p.name}
            </Option>
          ))}
        </Dropdown>
      </FluentField>
      {screen ? (
        <ResourcePage key={chosen} screen={screen} />
      ) : (
        <Text>{say(L('请先创建产品', 'create a product first'))}</Text>
      )}
      {params && <Params command={params} onClose={() => setParams(null)} />}
    </div>
  )
}
