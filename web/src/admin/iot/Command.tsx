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
import { commandDetailFields, commandFields } from '../../../../db/fields/iot'
import { useFetch } from '../../shared/data'
import { screenFields } from '../../shared/resource/fields'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen, Row } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { L } from '../system/fields'

interface Product {
  id: string
  name: string
}

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
    fields: screenFields(commandDetailFields, {
      name: {},
      code: {},
      type: { width: 90 },
      required: { width: 80 },
      defaultValue: {},
      options: { list: false },
      sort: { width: 80 },
    }),
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
        fields: screenFields(commandFields, {
          name: {},
          code: {},
          timeout: { width: 110 },
          // Only the chosen product's devices.
          deviceId: {
            list: false,
            tree: {
              ...commandFields.deviceId.tree,
              params: { ...commandFields.deviceId.tree.params, productId: chosen },
            },
          },
          remark: { list: false },
        }),
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
      <FluentField label={say(commandFields.productId.label)} orientation="horizontal" style={{ maxWidth: 480 }}>
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
