import { Button, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import {
  ArrowDownRegular,
  ArrowUpRegular,
  DeleteRegular,
  ReOrderDotsVerticalRegular,
  TextAlignJustifyRegular,
} from '@fluentui/react-icons'
import { useState } from 'react'
import { api } from '../../shared/api'
import { invalidate, useFetch } from '../../shared/data'
import { notify } from '../../shared/notify'
import { usePermissions } from '../../shared/permissions'
import type { Row } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { L } from '../system/fields'
import Loading from '../../shared/Loading'

const BASE = '/api/hm-course/course'
const useStyles = makeStyles({
  panel: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingHorizontalL,
    display: 'grid',
    gap: tokens.spacingVerticalS,
    maxWidth: '820px',
  },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: '8px 12px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    cursor: 'grab',
  },
  over: { boxShadow: `inset 0 0 0 2px ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorBrandBackground2 },
  cover: { width: '64px', height: '40px', objectFit: 'cover', borderRadius: '4px' },
  title: { flex: 1 },
})

/** Hot courses of the portal home in their order: drag to reorder, or move one step, to the top or the bottom. */
export default function HotCourses() {
  const s = useStyles()
  const say = useSay()
  const perms = usePermissions()
  const list = useFetch<Row[]>(`${BASE}/hot-list`)
  const [dragging, setDragging] = useState<string | null>(null)
  const [over, setOver] = useState<string | null>(null)
  const can = perms.has('content:course:hot')
  const act = async (path: string, params: Record<string, string>) => {
    // The hot-course calls are GETs in the spec; the lists are refreshed by hand.
    await api.get(`${BASE}/${path}`, params)
    await invalidate(BASE)
    notify.success(say('operationSuccessful'))
  }
  const drop = (target: string) => {
    const rows = list.data ?? []
    if (!dragging || dragging === target) return
    const ids = rows.map((r) => String(r.id)).filter((id) => id !== dragging)
    ids.splice(ids.indexOf(target), 0, dragging)
    void act('move-hot-course', { ids: ids.join(',') })
  }
  return (
    <div className={s.panel}>
      <Text weight="semibold" size={400}>
        {say(L('热门课程', 'Hot courses'))}
      </Text>
      <Text size={200}>
        {say(
          L(
            '拖动调整首页展示顺序；在课程管理中设置或取消热门。',
            'Drag to set the order on the portal home; set or unset hot courses on the course screen.',
          ),
        )}
      </Text>
      {!list.data ? (
        <Loading />
      ) : list.data.length === 0 ? (
        <Text>{say('empty')}</Text>
      ) : (
        list.data.map((r, i) => (
          <div
            key={String(r.id)}
            className={mergeClasses(s.item, over === r.id && s.over)}
            draggable={can}
            data-testid="hot-item"
            onDragStart={() => setDragging(String(r.id))}
            onDragEnd={() => {
              setDragging(null)
              setOver(null)
            }}
            onDragOver={(e) => {
              e.preventDefault()
              setOver(String(r.id))
            }}
            onDrop={(e) => {
              e.preventDefault()
              drop(String(r.id))
              setOver(null)
            }}
          >
            <ReOrderDotsVerticalRegular aria-hidden />
            <Text weight="semibold">{i + 1}</Text>
            {r.cover ? <img className={s.cover} src={`${String(r.cover).split(',')[0]}?w=160`} alt="" /> : null}
            <Text className={s.title}>{String(r.title)}</Text>
            {can && (
              <>
                <Button
                  size="small"
                  appearance="subtle"
                  icon={<ArrowUpRegular />}
                  aria-label={say(L('上移', 'Move up'))}
                  disabled={i === 0}
                  onClick={() => void act('move-hot-course', { id: String(r.id), direction: 'up' })}
                />
                <Button
                  size="small"
                  appearance="subtle"
                  icon={<ArrowDownRegular />}
                  aria-label={say(L('下移', 'Move down'))}
                  disabled={i === list.data!.length - 1}
                  onClick={() => void act('move-hot-course', { id: String(r.id), direction: 'down' })}
                />
                <Button
                  size="small"
                  appearance="subtle"
                  icon={<TextAlignJustifyRegular />}
                  onClick={() => void act('set-top-or-bottom-hot-course', { id: String(r.id), type: 'top' })}
                >
                  {say(L('置顶', 'Top'))}
                </Button>
                <Button
                  size="small"
                  appearance="subtle"
                  onClick={() => void act('set-top-or-bottom-hot-course', { id: String(r.id), type: 'bottom' })}
                >
                  {say(L('置底', 'Bottom'))}
                </Button>
                <Button
                  size="small"
                  appearance="subtle"
                  icon={<DeleteRegular />}
                  onClick={() => void act('remove-hot-course', { id: String(r.id) })}
                >
                  {say(L('移除', 'Remove'))}
                </Button>
              </>
            )}
          </div>
        ))
      )}
    </div>
  )
}
