import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Input,
  Radio,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { SearchRegular } from '@fluentui/react-icons'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Page } from '../../shared/api'
import { useFetch } from '../../shared/data'
import { notify } from '../../shared/notify'
import './locale'
import Pager from '../../shared/Pager'
import Loading from '../../shared/Loading'

export interface PickedUser {
  id: string
  account: string
  realName: string
  deptName?: string
  roleName?: string
  avatar?: string
}

export interface UserPickerProps {
  open: boolean
  onClose: () => void
  onConfirm: (users: PickedUser[]) => void
  /** Radio (one user) unless set. */
  multiple?: boolean
  /** Extra filters for user/page, e.g. { roleName: 'teacher' }. */
  filters?: Record<string, string>
  /** The paged user list to pick from; message senders use blade-user/user-list, which needs no user-admin code. */
  url?: string
  /** Users already chosen, shown as selected. */
  value?: PickedUser[]
}

/** The spec's picker page size. */
const SIZE = 10

/** Real names of the chosen users joined by commas (how the picker and its callers show a choice). */
export const chosenNames = (users: PickedUser[]) => users.map((u) => u.realName || u.account).join(',')

const useStyles = makeStyles({
  surface: { width: '60vw', maxWidth: '60vw', minWidth: '360px' },
  search: { display: 'flex', gap: tokens.spacingHorizontalS, marginBottom: tokens.spacingVerticalM, flexWrap: 'wrap' },
  row: { cursor: 'pointer' },
  chosen: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'baseline',
    marginTop: tokens.spacingVerticalM,
  },
  names: { color: tokens.colorBrandForeground1, wordBreak: 'break-all' },
  table: { minHeight: '200px' },
})

/** A dialog (60% wide) to choose users of the tenant, searched by account or real name, 10 per page. */
export default function UserPicker({
  open,
  onClose,
  onConfirm,
  multiple = false,
  filters,
  value,
  url = '/api/blade-system/user/page',
}: UserPickerProps) {
  const { t } = useTranslation('widgets')
  const s = useStyles()
  const [draft, setDraft] = useState({ account: '', realName: '' })
  const [query, setQuery] = useState({ account: '', realName: '', current: 1 })
  const [chosen, setChosen] = useState<PickedUser[]>([])

  // Each opening starts from the caller's current choice; later renders of the caller do not reset it.
  useEffect(() => {
    if (!open) return
    setChosen(value ?? [])
    setDraft({ account: '', realName: '' })
    setQuery({ account: '', realName: '', current: 1 })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only an opening resets the choice (see above)
  }, [open])

  // A newer search aborts the one still loading, so its late answer cannot replace this one.
  const list = useFetch<Page<PickedUser>>(url, { ...filters, ...query, size: SIZE }, { enabled: open, staleTime: 0 })
  const page = list.isError ? { records: [], total: 0, size: SIZE, current: 1, pages: 0 } : (list.data ?? null)

  const isChosen = (u: PickedUser) => chosen.some((c) => c.id === u.id)
  const toggle = (u: PickedUser) => {
    if (!multiple) return setChosen([u])
    setChosen((c) => (c.some((x) => x.id === u.id) ? c.filter((x) => x.id !== u.id) : [...c, u]))
  }

  function confirm() {
    if (!chosen.length) return notify.warning(t('userPicker.selectAtLeastOne'))
    onConfirm(chosen)
    onClose()
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(_, d) => {
        if (!d.open) onClose()
      }}
    >
      <DialogSurface className={s.surface} data-testid="user-picker">
        <DialogBody>
          <DialogTitle>{t('userPicker.title')}</DialogTitle>
          <DialogContent>
            <form
              className={s.search}
              onSubmit={(e) => {
                e.preventDefault()
                setQuery({ ...draft, current: 1 })
              }}
            >
              <Input
                placeholder={t('userPicker.account')}
                value={draft.account}
                onChange={(_, d) => setDraft({ ...draft, account: d.value })}
              />
              <Input
                placeholder={t('userPicker.realName')}
                value={draft.realName}
                onChange={(_, d) => setDraft({ ...draft, realName: d.value })}
              />
              <Button type="submit" appearance="primary" icon={<SearchRegular />}>
                {t('userPicker.search')}
              </Button>
              <Button
                onClick={() => {
                  setDraft({ account: '', realName: '' })
                  setQuery({ account: '', realName: '', current: 1 })
                }}
              >
                {t('common:reset')}
              </Button>
            </form>
            <div className={s.table}>
              {!page ? (
                <Loading size="small" />
              ) : (
                <Table size="small" aria-label={t('userPicker.title')}>
                  <TableHeader>
                    <TableRow>
                      <TableHeaderCell style={{ width: 44 }} />
                      <TableHeaderCell>{t('userPicker.account')}</TableHeaderCell>
                      <TableHeaderCell>{t('userPicker.realName')}</TableHeaderCell>
                      <TableHeaderCell>{t('userPicker.dept')}</TableHeaderCell>
                      <TableHeaderCell>{t('userPicker.role')}</TableHeaderCell>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {page.records.length === 0 && (
                      <TableRow>
                        <TableCell colSpan={5}>{t('common:empty')}</TableCell>
                      </TableRow>
                    )}
                    {page.records.map((u) => (
                      <TableRow
                        key={u.id}
                        className={s.row}
                        onClick={() => toggle(u)}
                        aria-selected={isChosen(u)}
                        data-testid="user-picker-row"
                      >
                        <TableCell>
                          {multiple ? (
                            <Checkbox
                              checked={isChosen(u)}
                              onChange={() => toggle(u)}
                              onClick={(e) => e.stopPropagation()}
                              aria-label={u.account}
                            />
                          ) : (
                            <Radio
                              checked={isChosen(u)}
                              onChange={() => toggle(u)}
                              onClick={(e) => e.stopPropagation()}
                              aria-label={u.account}
                            />
                          )}
                        </TableCell>
                        <TableCell>{u.account}</TableCell>
                        <TableCell>{u.realName}</TableCell>
                        <TableCell>{u.deptName}</TableCell>
                        <TableCell>{u.roleName}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </div>
            {page && page.total > SIZE && (
              <Pager
                current={query.current}
                size={SIZE}
                total={page.total}
                sizes={[SIZE]}
                onChange={(current) => setQuery({ ...query, current })}
              />
            )}
            <div className={s.chosen}>
              <Text weight="semibold">{t('userPicker.chosen')}:</Text>
              <Text className={s.names} data-testid="user-picker-chosen">
                {chosen.length ? chosenNames(chosen) : t('userPicker.none')}
              </Text>
            </div>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={confirm} data-testid="user-picker-ok">
              {t('common:ok')}
            </Button>
            <Button onClick={onClose}>{t('common:cancel')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
