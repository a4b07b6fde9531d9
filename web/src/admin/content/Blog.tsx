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
import { blogDetailFields, blogFields } from '../../../../db/fields/content'
import { screenFields } from '../../shared/resource/fields'
import { L } from '../system/fields'
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
                label={blogDetailFields.content.label}
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
    fields: screenFields(blogFields, {
      cover: { width: 100 },
      title: { search: true },
      category: { search: true, width: 110 },
      releaseTime: { width: 170 },
      status: { search: true, width: 90 },
      summary: { list: false },
    }),
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
