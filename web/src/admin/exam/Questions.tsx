import { useState } from 'react'
import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components'
import { AddRegular, ArrowDownloadRegular, ArrowUploadRegular, EditRegular } from '@fluentui/react-icons'
import { questionFields } from '../../../../db/fields/exam'
import { api } from '../../shared/api'
import { fetchOnce } from '../../shared/data'
import { usePermissions } from '../../shared/permissions'
import { screenFields } from '../../shared/resource/fields'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen, Row } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { L } from '../system/fields'
import ImportDialog from './ImportDialog'
import QuestionDialog, { emptyQuestion, type QuestionValue } from './QuestionDialog'

const FORMATS = [
  ['json', 'JSON'],
  ['csv', 'CSV'],
  ['xlsx', 'Excel (XLSX)'],
  ['moodle', 'Moodle XML'],
] as const

/** The question bank: list, search, delete and view on ResourcePage; adding and editing in the structured question dialog; import and export. */
export default function Questions() {
  const say = useSay()
  const perms = usePermissions()
  const [editing, setEditing] = useState<QuestionValue | null>(null)
  const [importing, setImporting] = useState(false)
  const screen: ResourceScreen = {
    base: '/api/hm-question/question',
    perm: 'exam:question',
    title: L('题库管理', 'Question bank'),
    actions: { add: false, edit: false },
    invalidates: ['/api/hm-paper/paper'],
    fields: screenFields(questionFields, {
      content: { search: true, span: 24 },
      type: { search: true, width: 110 },
      hard: { search: true, width: 90 },
      score: { width: 70 },
      answer: { list: false },
      analysis: { list: false, span: 24 },
      courseName: { search: true },
      bankType: { search: true },
      title: { list: false },
      examCenter: { list: false },
      author: { list: false },
      createTime: { form: false, width: 170 },
    }),
    toolbar: () => (
      <>
        {perms.has('exam:question:add') && (
          <Button
            appearance="primary"
            icon={<AddRegular />}
            onClick={() => setEditing(emptyQuestion())}
            data-testid="question-add"
          >
            {say('add')}
          </Button>
        )}
        {perms.has('exam:question:import') && (
          <Button icon={<ArrowUploadRegular />} onClick={() => setImporting(true)} data-testid="question-import">
            {say(L('导入', 'Import'))}
          </Button>
        )}
        {perms.has('exam:question:export') && (
          <Menu>
            <MenuTrigger disableButtonEnhancement>
              <Button icon={<ArrowDownloadRegular />} data-testid="question-export">
                {say(L('导出', 'Export'))}
              </Button>
            </MenuTrigger>
            <MenuPopover>
              <MenuList>
                {FORMATS.map(([f, label]) => (
                  <MenuItem
                    key={f}
                    onClick={() =>
                      void api.download(
                        '/api/hm-question/question/export',
                        { format: f },
                        `questions.${f === 'moodle' ? 'xml' : f}`,
                      )
                    }
                  >
                    {label}
                  </MenuItem>
                ))}
              </MenuList>
            </MenuPopover>
          </Menu>
        )}
      </>
    ),
    rowActions: (row: Row) =>
      perms.has('exam:question:edit') && (
        <Button
          size="small"
          appearance="transparent"
          icon={<EditRegular />}
          data-testid="question-edit"
          onClick={async () =>
            setEditing(await fetchOnce<QuestionValue>('/api/hm-question/question/detail', { id: row.id }))
          }
        >
          {say('edit')}
        </Button>
      ),
  }
  return (
    <>
      <ResourcePage screen={screen} />
      {editing && <QuestionDialog initial={editing} onClose={() => setEditing(null)} />}
      {importing && <ImportDialog onClose={() => setImporting(false)} />}
    </>
  )
}
