import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Input,
  Select,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components'
import { useState } from 'react'
import { prototypeFields } from '../../../../db/fields/develop'
import { L } from '../../../../db/fields/types'
import type { Prototype } from '../../../../server/api-types'
import { useFetch, write } from '../../shared/data'
import { notify } from '../../shared/notify'
import type { Row } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'

const F = prototypeFields
const TEXTS = ['comment', 'commentEn', 'dictCode'] as const
const SWITCHES = ['isRequired', 'isList', 'isQuery', 'dictBiz'] as const
const COMPONENTS: Prototype['componentType'][] = ['text', 'textarea', 'number', 'switch', 'date', 'datetime', 'dict']

/**
 * A model's field prototypes as a table the administrator edits: labels in both languages, the component, the
 * longest text, the dictionary and whether the field is required, listed and searchable. Before the first save they
 * are what the table's columns suggest (the server's model-prototype).
 */
export default function PrototypeEditor({ model, onClose }: { model: Row; onClose: () => void }) {
  const say = useSay()
  const { data } = useFetch<Prototype[]>('/api/blade-develop/model/model-prototype', { modelId: String(model.id) })
  const [edited, setEdited] = useState<Prototype[] | null>(null)
  const rows = edited ?? data ?? []
  const change = (i: number, patch: Partial<Prototype>) =>
    setEdited(rows.map((p, j) => (j === i ? { ...p, ...patch } : p)))
  const save = async () => {
    await write('/api/blade-develop/model/submit', { body: { id: model.id, prototypes: rows } })
    notify.success(say('operationSuccessful'))
    onClose()
  }
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface style={{ maxWidth: '95vw', width: 1200 }}>
        <DialogBody>
          <DialogTitle>
            {say(L('字段原型', 'Field prototypes'))} — {String(model.modelName ?? '')}
          </DialogTitle>
          <DialogContent style={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={say(L('字段原型', 'Field prototypes'))}>
              <TableHeader>
                <TableRow>
                  {(
                    [
                      'jdbcName',
                      'propertyName',
                      'propertyType',
                      ...TEXTS,
                      'componentType',
                      'length',
                      ...SWITCHES,
                    ] as const
                  ).map((k) => (
                    <TableHeaderCell key={k}>{say(F[k].label)}</TableHeaderCell>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((p, i) => (
                  <TableRow key={p.propertyName} data-testid={`prototype-${p.propertyName}`}>
                    <TableCell>{p.jdbcName}</TableCell>
                    <TableCell>{p.propertyName}</TableCell>
                    <TableCell>{p.propertyType}</TableCell>
                    {TEXTS.map((k) => (
                      <TableCell key={k}>
                        <Input
                          size="small"
                          aria-label={`${p.propertyName} ${say(F[k].label)}`}
                          value={p[k]}
                          onChange={(_, d) => change(i, { [k]: d.value })}
                        />
                      </TableCell>
                    ))}
                    <TableCell>
                      <Select
                        size="small"
                        aria-label={`${p.propertyName} ${say(F.componentType.label)}`}
                        value={p.componentType}
                        onChange={(_, d) => {
                          const c = COMPONENTS.find((x) => x === d.value)
                          if (c) change(i, { componentType: c })
                        }}
                      >
                        {F.componentType.options.map((o) => (
                          <option key={o.value} value={o.value}>
                            {say(o.label)}
                          </option>
                        ))}
                      </Select>
                    </TableCell>
                    <TableCell>
                      <Input
                        size="small"
                        type="number"
                        aria-label={`${p.propertyName} ${say(F.length.label)}`}
                        disabled={p.propertyType !== 'text'}
                        value={p.length === null ? '' : String(p.length)}
                        onChange={(_, d) => change(i, { length: d.value ? Number(d.value) : null })}
                      />
                    </TableCell>
                    {SWITCHES.map((k) => (
                      <TableCell key={k}>
                        <Switch
                          aria-label={`${p.propertyName} ${say(F[k].label)}`}
                          checked={p[k]}
                          onChange={(_, d) => change(i, { [k]: d.checked })}
                        />
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{say('cancel')}</Button>
            <Button appearance="primary" data-testid="prototype-save" disabled={!rows.length} onClick={save}>
              {say('save')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
