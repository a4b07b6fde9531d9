import { Button, Text, makeStyles, tokens } from '@fluentui/react-components'
import { AddRegular, DeleteRegular, EditRegular, EyeRegular } from '@fluentui/react-icons'
import { useMemo, useState } from 'react'
import { fetchOnce, invalidate, useList, useRemove, useSubmit } from '../data'
import { notify } from '../notify'
import Pager from '../Pager'
import { siteConfig } from '../config'
import { usePermissions } from '../permissions'
import { useConfirm } from '../useConfirm'
import DataTable from './DataTable'
import FormDialog, { type FormMode } from './FormDialog'
import type { ResourceScreen, Row } from './schema'
import SearchBar from './SearchBar'
import { useSay } from './text'
import { useListState } from './useListState'
import { initialValues } from './validate'
import Loading from '../Loading'

const useStyles = makeStyles({
  root: { display: 'flex', gap: tokens.spacingHorizontalL, alignItems: 'flex-start' },
  side: {
    width: '240px',
    flexShrink: 0,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingHorizontalS,
    '@media (max-width: 768px)': { display: 'none' },
  },
  main: { flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  panel: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingHorizontalL,
  },
  toolbar: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  title: { marginRight: 'auto' },
})

/**
 * The one list/CRUD screen: a schema (fields, endpoints, permission code)
 * gives search, paging (10/30/50/100/200), batch selection, add/edit/view
 * dialogs and delete with confirmation, with the spec's texts. Buttons the
 * user lacks are hidden; the server enforces regardless.
 */
export default function ResourcePage({ screen }: { screen: ResourceScreen }) {
  const s = useStyles()
  const say = useSay()
  const perms = usePermissions()
  const { confirm, dialog } = useConfirm()
  const searchFields = useMemo(() => screen.fields.filter((f) => f.search), [screen.fields])
  const list = useListState(searchFields.map((f) => f.name).concat(screen.side ? ['deptId', 'parentId'] : []))
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [form, setForm] = useState<{ mode: FormMode; row: Row } | null>(null)
  const a = { add: true, edit: true, delete: true, view: true, selection: true, ...screen.actions }
  const can = (verb: 'add' | 'edit' | 'delete' | 'view') => a[verb] && perms.has(`${screen.perm}:${verb}`)

  const params = {
    ...screen.query,
    ...list.filters,
    ...(screen.tree ? {} : { current: list.current, size: list.size }),
  }
  const listQuery = useList<Row>(screen.base, params, screen.listPath ?? 'list')
  const data = useMemo(() => {
    const d = listQuery.data
    if (d) return Array.isArray(d) ? { rows: d, total: d.length } : { rows: d.records, total: d.total }
    return listQuery.isError ? { rows: [], total: 0 } : null
  }, [listQuery.data, listQuery.isError])
  // A new answer (another page, a search, a write) starts with nothing selected.
  const [selectedFor, setSelectedFor] = useState(data)
  if (selectedFor !== data) {
    setSelectedFor(data)
    setSelected(new Set())
  }
  const writes = { invalidates: screen.invalidates }
  const { submit } = useSubmit<Row>(screen.base, writes)
  const { remove: removeRows } = useRemove(screen.base, writes)
  const reload = () => void invalidate(screen.base, ...(screen.invalidates ?? []))

  const open = async (mode: FormMode, row?: Row) => {
    if (mode === 'add') return setForm({ mode, row: initialValues(screen.fields, screen.query) })
    const full = await fetchOnce<Row>(`${screen.base}/detail`, { id: row!.id })
    setForm({ mode, row: full })
  }
  const save = async (values: Row) => {
    const adding = form?.mode === 'add'
    await submit(values)
    notify.success(
      say(screen.plainSuccess ? 'operationSuccessful' : adding ? 'addedSuccessfully' : 'updatedSuccessfully'),
    )
    setForm(null)
  }
  const remove = async (ids: string[]) => {
    if (!ids.length) return notify.warning(say('selectAtLeastOne'))
    if (!(await confirm(say('confirmDelete')))) return
    await removeRows(ids)
    notify.success(say(screen.plainSuccess ? 'operationSuccessful' : 'deletedSuccessfully'))
  }
  const ctx = { selected: data?.rows.filter((r) => selected.has(String(r.id))) ?? [], reload }

  return (
    <div className={s.root}>
      {screen.side && <aside className={s.side}>{screen.side(list.setFilter, list.filters)}</aside>}
      <div className={s.main}>
        {searchFields.length > 0 && (
          <div className={s.panel}>
            <SearchBar fields={searchFields} value={list.filters} onSearch={list.setFilters} />
          </div>
        )}
        <div className={s.panel} style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
          <div className={s.toolbar}>
            <Text weight="semibold" size={400} className={s.title}>
              {say(screen.title)}
            </Text>
            {can('add') && (
              <Button
                appearance="primary"
                icon={<AddRegular />}
                onClick={() => void open('add')}
                data-testid="toolbar-add"
              >
                {say('add')}
              </Button>
            )}
            {can('delete') && a.selection && (
              <Button icon={<DeleteRegular />} onClick={() => void remove([...selected])} data-testid="toolbar-delete">
                {say('delete')}
              </Button>
            )}
            {screen.toolbar?.(ctx)}
          </div>
          {!data ? (
            <Loading />
          ) : (
            <DataTable
              fields={screen.fields}
              rows={data.rows}
              tree={!!screen.tree}
              layout={screen.layout ?? 'table'}
              selectable={!!a.selection && screen.layout !== 'cards'}
              selected={selected}
              onSelect={setSelected}
              onRowClick={screen.onRowClick}
              actions={(row) => (
                <>
                  {can('view') && (
                    <Button
                      size="small"
                      appearance="transparent"
                      icon={<EyeRegular />}
                      onClick={() => void open('view', row)}
                      data-testid="row-view"
                    >
                      {say('view')}
                    </Button>
                  )}
                  {can('edit') && (
                    <Button
                      size="small"
                      appearance="transparent"
                      icon={<EditRegular />}
                      onClick={() => void open('edit', row)}
                      data-testid="row-edit"
                    >
                      {say('edit')}
                    </Button>
                  )}
                  {can('delete') && (
                    <Button
                      size="small"
                      appearance="transparent"
                      icon={<DeleteRegular />}
                      onClick={() => void remove([String(row.id)])}
                      data-testid="row-delete"
                    >
                      {say('delete')}
                    </Button>
                  )}
                  {screen.rowActions?.(row, ctx)}
                </>
              )}
            />
          )}
          {!screen.tree && data && (
            <Pager
              current={list.current}
              size={list.size}
              total={data.total}
              sizes={siteConfig.pageSizes}
              onChange={list.setPage}
            />
          )}
        </div>
      </div>
      {form && (
        <FormDialog
          mode={form.mode}
          title={`${say(form.mode)} · ${say(screen.title)}`}
          fields={screen.fields}
          initial={form.row}
          onSubmit={save}
          onClose={() => setForm(null)}
        />
      )}
      {dialog}
    </div>
  )
}
