import {
  Badge,
  Button,
  CounterBadge,
  Divider,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  OverlayDrawer,
  Text,
  Tooltip,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components'
import {
  AlertRegular,
  ArrowLeftRegular,
  CheckmarkCircleRegular,
  DeleteRegular,
  DismissRegular,
  MailReadRegular,
  MailUnreadRegular,
} from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Page } from '../../shared/api'
import { fetchOnce, useFetch, write } from '../../shared/data'
import { notify } from '../../shared/notify'
import './locale'
import type { Message } from './unread'
import { refreshMessages, useUnread } from './unread-store'
import Pager from '../../shared/Pager'
import { useConfirm } from '../../shared/useConfirm'
import Loading from '../../shared/Loading'

const BASE = '/api/blade-message/message'
const PAGE_SIZES = [10, 20, 30, 50]

const useStyles = makeStyles({
  anchor: { position: 'relative', display: 'inline-flex' },
  badge: { position: 'absolute', top: '-2px', right: '-4px', pointerEvents: 'none' },
  head: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    paddingBottom: tokens.spacingVerticalS,
  },
  list: { display: 'flex', flexDirection: 'column' },
  item: {
    display: 'grid',
    gridTemplateColumns: '20px 1fr auto',
    gap: tokens.spacingHorizontalS,
    alignItems: 'start',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  // The message itself is a plain button (its delete button sits beside it, not inside).
  open: {
    display: 'block',
    textAlign: 'left',
    cursor: 'pointer',
    border: 'none',
    background: 'none',
    padding: 0,
    minWidth: 0,
    fontFamily: 'inherit',
    color: 'inherit',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, borderRadius: tokens.borderRadiusSmall },
  },
  unread: { fontWeight: tokens.fontWeightSemibold },
  dim: { color: tokens.colorNeutralForeground3 },
  meta: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'center',
    flexWrap: 'wrap',
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
  },
  content: { whiteSpace: 'pre-wrap', lineHeight: tokens.lineHeightBase400, marginTop: tokens.spacingVerticalM },
  empty: { padding: tokens.spacingVerticalXXL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
  footer: { paddingTop: tokens.spacingVerticalM },
})

/**
 * The top-bar bell: the unread count (polled every 60 s) and a drawer with my
 * messages; opening one shows it and marks it read, "mark all read" and
 * delete ask first. Failures show the server's message (the API client's toast).
 */
export default function MessageBell() {
  const { t } = useTranslation('widgets')
  const s = useStyles()
  const { confirm, dialog } = useConfirm()
  const count = useUnread() ?? 0
  const [open, setOpen] = useState(false)
  const [paging, setPaging] = useState({ current: 1, size: PAGE_SIZES[0] })
  const [detail, setDetail] = useState<Message | null>(null)
  const list = useFetch<Page<Message>>(`${BASE}/my/list`, paging, { silent: true, enabled: open, staleTime: 0 })
  const page = list.data ?? null
  const failed = list.isError

  async function show(m: Message) {
    try {
      // Reading marks it read: the list and the count are read again.
      setDetail(await fetchOnce<Message>(`${BASE}/detail`, { id: m.id }))
      void refreshMessages()
    } catch {
      /* toast shown */
    }
  }

  async function readAll() {
    if (!(await confirm(t('bell.confirmReadAll')))) return
    try {
      await write(`${BASE}/readAll`)
      notify.success(t('common:operationSuccessful'))
    } catch {
      /* toast shown */
    }
  }

  async function remove(m: Message) {
    if (!(await confirm(t('bell.confirmDelete')))) return
    try {
      await write(`${BASE}/remove`, { params: { ids: m.id } })
      notify.success(t('common:operationSuccessful'))
      setDetail(null)
    } catch {
      /* toast shown */
    }
  }

  const typeName = (type: number) => t(`bell.types.${type}`, { defaultValue: String(type) })

  return (
    <>
      {/* The tooltip names the button itself (an icon-only button needs a name; a plain span may not carry one). */}
      <span className={s.anchor}>
        <Tooltip content={t('bell.button')} relationship="label">
          <Button
            appearance="subtle"
            icon={<AlertRegular />}
            onClick={() => setOpen(true)}
            data-testid="message-bell"
          />
        </Tooltip>
        {count > 0 && (
          <CounterBadge
            className={s.badge}
            size="small"
            color="danger"
            count={count}
            overflowCount={99}
            data-testid="message-count"
          />
        )}
      </span>
      <OverlayDrawer
        open={open}
        position="end"
        size="medium"
        onOpenChange={(_, d) => {
          setOpen(d.open)
          if (!d.open) setDetail(null)
        }}
        data-testid="message-drawer"
      >
        <DrawerHeader>
          <DrawerHeaderTitle
            action={
              <Button
                appearance="subtle"
                icon={<DismissRegular />}
                aria-label={t('common:close')}
                onClick={() => {
                  setOpen(false)
                  setDetail(null)
                }}
              />
            }
          >
            {t('bell.title')}
          </DrawerHeaderTitle>
        </DrawerHeader>
        <DrawerBody>
          {detail ? (
            <div data-testid="message-detail">
              <div className={s.head}>
                <Button appearance="subtle" icon={<ArrowLeftRegular />} onClick={() => setDetail(null)}>
                  {t('bell.back')}
                </Button>
                <Button appearance="subtle" icon={<DeleteRegular />} onClick={() => remove(detail)}>
                  {t('common:delete')}
                </Button>
              </div>
              <Divider />
              <Text as="h3" size={500} weight="semibold" block style={{ marginTop: 12 }}>
                {detail.title}
              </Text>
              <div className={s.meta}>
                <Badge appearance="tint" size="small">
                  {typeName(detail.type)}
                </Badge>
                {detail.createUserName && (
                  <span>
                    {t('bell.from')}: {detail.createUserName}
                  </span>
                )}
                <span>{detail.createTime}</span>
              </div>
              <div className={s.content}>{detail.content}</div>
            </div>
          ) : (
            <>
              <div className={s.head}>
                <Text className={s.dim} size={200}>
                  {t('bell.unreadCount', { count })}
                </Text>
                <Button
                  size="small"
                  icon={<CheckmarkCircleRegular />}
                  onClick={readAll}
                  disabled={count === 0}
                  data-testid="message-read-all"
                >
                  {t('bell.markAllRead')}
                </Button>
              </div>
              {!page && !failed && <Loading size="small" />}
              {failed && <div className={s.empty}>{t('bell.loadFailed')}</div>}
              {page && page.records.length === 0 && <div className={s.empty}>{t('bell.empty')}</div>}
              {page && page.records.length > 0 && (
                <div className={s.list} data-testid="message-list">
                  {page.records.map((m) => {
                    const unread = Number(m.isRead) === 1
                    return (
                      <div key={m.id} className={s.item} data-testid="message-item">
                        {unread ? (
                          <MailUnreadRegular color={tokens.colorBrandForeground1} fontSize={18} />
                        ) : (
                          <MailReadRegular className={s.dim} fontSize={18} />
                        )}
                        <button type="button" className={s.open} onClick={() => show(m)} data-testid="message-open">
                          <Text block className={mergeClasses(unread && s.unread)}>
                            {m.title}
                          </Text>
                          <span className={s.meta}>
                            <Badge appearance="tint" size="small" color={unread ? 'brand' : 'informative'}>
                              {unread ? t('bell.unread') : t('bell.read')}
                            </Badge>
                            <span>{typeName(m.type)}</span>
                            {m.createUserName && <span>{m.createUserName}</span>}
                            <span>{m.createTime}</span>
                          </span>
                        </button>
                        <Tooltip content={t('common:delete')} relationship="label">
                          <Button
                            size="small"
                            appearance="subtle"
                            icon={<DeleteRegular />}
                            onClick={() => void remove(m)}
                            data-testid="message-delete"
                          />
                        </Tooltip>
                      </div>
                    )
                  })}
                </div>
              )}
              {page && page.total > 0 && (
                <div className={s.footer}>
                  <Pager
                    current={page.current}
                    size={paging.size}
                    total={page.total}
                    sizes={PAGE_SIZES}
                    onChange={(current, size) => setPaging({ current, size })}
                  />
                </div>
              )}
            </>
          )}
        </DrawerBody>
      </OverlayDrawer>
      {dialog}
    </>
  )
}
