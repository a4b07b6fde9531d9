import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components'
import { DocumentEditRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useFetch, write } from '../../shared/data'
import { notify } from '../../shared/notify'
import { usePermissions } from '../../shared/permissions'
import ResourcePage from '../../shared/resource/ResourcePage'
import RichText from '../../shared/resource/RichText'
import type { ResourceScreen, Row } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { L, cover, need } from './fields'
import Loading from '../../shared/Loading'

const DETAIL = '/api/blade-blog/blogDetail'

/** The body of one news item in the rich-text editor (images uploaded; sanitised on the server). */
function Content({ blog, onClose }: { blog: Row; onClose: () => void }) {
  const say = useSay()
  const body = useFetch<{ content: string }>(`${DETAIL}/content`, { blogId: blog.id }, { staleTime: 0 })
  const [html, setHtml] = useState<string | null>(null)
  const save = async () => {
    await write(
      `${DETAIL}/save`,
      { body: { blogId: blog.id, content: html ?? body.data?.content ?? '' } },
      { invalidates: [DETAIL] },
    )
    notify.success(say('updatedSuccessfully'))
    onClose()
  }
  return (
    <Dialog
      open
      onOpenChange={(_, d) => {
        if (!d.open) onClose()
      }}
    >
      <DialogSurface style={{ maxWidth: 900, width: '95vw' }} data-testid="blog-content">
        <DialogBody>
          <DialogTitle>{String(blog.title)}</DialogTitle>
          <DialogContent>
            {body.data ? (
              <RichText
                value={html ?? body.data.content}
                onChange={setHtml}
                testId="blog-editor"
                label={L('正文', 'Content')}
              />
            ) : (
              <Loading />
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{say('cancel')}</Button>
            <Button appearance="primary" onClick={() => void save()} data-testid="blog-content-save">
              {say('save')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

/** News (blog): title, category, release time required (spec §5); status draft / published / withdrawn; the body in its own editor. */
export default function Blog() {
  const say = useSay()
  const perms = usePermissions()
  const [editing, setEditing] = useState<Row | null>(null)
  const screen: ResourceScreen = {
    base: '/api/blade-blog/blog',
    perm: 'content:blog',
    title: L('资讯管理', 'News'),
    fields: [
      cover(1),
      {
        name: 'title',
        label: L('标题', 'Title'),
        search: true,
        required: need('请输入标题', 'please enter the title'),
      },
      {
        name: 'category',
        label: L('分类', 'Category'),
        type: 'dict',
        dict: { code: 'blog_type', biz: true },
        search: true,
        required: need('请输入分类', 'please enter the category'),
        width: 110,
      },
      {
        name: 'releaseTime',
        label: L('发布时间', 'Release time'),
        type: 'datetime',
        required: need('请输入发布时间', 'please enter the release time'),
        width: 170,
      },
      {
        name: 'status',
        label: L('状态', 'Status'),
        type: 'dict',
        dict: { code: 'blog_status', biz: true },
        search: true,
        default: 0,
        width: 90,
      },
      { name: 'summary', label: L('摘要', 'Summary'), type: 'textarea', list: false },
    ],
    rowActions: (row) =>
      perms.has('content:blog:edit') && (
        <Button
          size="small"
          appearance="transparent"
          icon={<DocumentEditRegular />}
          onClick={() => setEditing(row)}
          data-testid="row-blog-content"
        >
          {say(L('正文', 'Body'))}
        </Button>
      ),
  }
  return (
    <>
      <ResourcePage screen={screen} />
      {editing && <Content blog={editing} onClose={() => setEditing(null)} />}
    </>
  )
}
