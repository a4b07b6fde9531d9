import { Toolbar, ToolbarButton, ToolbarDivider, Tooltip, makeStyles, tokens } from '@fluentui/react-components'
import {
  ImageRegular,
  LinkRegular,
  TextBoldRegular,
  TextBulletListLtrRegular,
  TextClearFormattingRegular,
  TextHeader2Regular,
  TextItalicRegular,
  TextNumberListLtrRegular,
  TextUnderlineRegular,
} from '@fluentui/react-icons'
import { type ReactElement, useEffect, useRef } from 'react'
import { api } from '../api'
import { notify } from '../notify'
import { useSay } from './text'
import { uploadProblem } from './validate'
import type { Text2 } from './schema'

const useStyles = makeStyles({
  root: {
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  bar: { borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, flexWrap: 'wrap' },
  area: {
    minHeight: '160px',
    maxHeight: '420px',
    overflowY: 'auto',
    padding: '8px 12px',
    outline: 'none',
    lineHeight: 1.6,
    '& img': { maxWidth: '100%' },
    ':focus-visible': { boxShadow: `inset 0 0 0 2px ${tokens.colorBrandStroke1}` },
  },
})

const TIPS = {
  bold: { zh: '加粗', en: 'Bold' },
  italic: { zh: '斜体', en: 'Italic' },
  underline: { zh: '下划线', en: 'Underline' },
  h2: { zh: '标题', en: 'Heading' },
  ul: { zh: '项目符号', en: 'Bulleted list' },
  ol: { zh: '编号', en: 'Numbered list' },
  link: { zh: '链接', en: 'Link' },
  image: { zh: '插入图片', en: 'Insert image' },
  clear: { zh: '清除格式', en: 'Clear formatting' },
  linkPrompt: { zh: '链接地址（http 或 https 开头）', en: 'Link address (http or https)' },
}

/**
 * A rich-text editor: formatting toolbar, links and images uploaded through
 * put-file (image kind, the spec's 5 MB jpeg/png rule). What it produces is
 * sanitised again on the server, so the browser's HTML is never trusted.
 */
export default function RichText({
  value,
  onChange,
  disabled,
  testId,
  label,
}: {
  value: string
  onChange: (html: string) => void
  disabled?: boolean
  testId?: string
  /** The field's name, read out for the editing area (a contenteditable textbox has no label element of its own). */
  label?: Text2
}) {
  const s = useStyles()
  const say = useSay()
  const area = useRef<HTMLDivElement>(null)
  const file = useRef<HTMLInputElement>(null)
  // Only an outside change (a loaded record) replaces the content; typing must not move the caret.
  useEffect(() => {
    if (area.current && area.current.innerHTML !== value) area.current.innerHTML = value ?? ''
  }, [value])
  const emit = () => onChange(area.current?.innerHTML ?? '')
  const run = (cmd: string, arg?: string) => {
    area.current?.focus()
    document.execCommand(cmd, false, arg)
    emit()
  }
  const insertImage = async (f: File | undefined) => {
    if (!f) return
    const problem = uploadProblem(f, { accept: ['jpg', 'jpeg', 'png'], maxKB: 5000 })
    if (problem) return notify.warning(say(problem[0], problem[1]))
    const { link } = await api.upload(f, 'image')
    run('insertImage', link)
    if (file.current) file.current.value = ''
  }
  const btn = (key: keyof typeof TIPS, icon: ReactElement, onClick: () => void) => (
    <Tooltip content={say(TIPS[key])} relationship="label">
      <ToolbarButton icon={icon} onClick={onClick} disabled={disabled} />
    </Tooltip>
  )
  return (
    <div className={s.root}>
      <Toolbar size="small" className={s.bar}>
        {btn('bold', <TextBoldRegular />, () => run('bold'))}
        {btn('italic', <TextItalicRegular />, () => run('italic'))}
        {btn('underline', <TextUnderlineRegular />, () => run('underline'))}
        {btn('h2', <TextHeader2Regular />, () => run('formatBlock', 'h2'))}
        <ToolbarDivider />
        {btn('ul', <TextBulletListLtrRegular />, () => run('insertUnorderedList'))}
        {btn('ol', <TextNumberListLtrRegular />, () => run('insertOrderedList'))}
        {btn('link', <LinkRegular />, () => {
          const href = window.prompt(say(TIPS.linkPrompt), 'https://')
          if (href && /^https?:\/\//.test(href)) run('createLink', href)
        })}
        {btn('image', <ImageRegular />, () => file.current?.click())}
        {btn('clear', <TextClearFormattingRegular />, () => run('removeFormat'))}
      </Toolbar>
      <input
        ref={file}
        type="file"
        accept=".jpg,.jpeg,.png"
        hidden
        onChange={(e) => void insertImage(e.target.files?.[0])}
      />
      <div
        ref={area}
        className={s.area}
        contentEditable={!disabled}
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={label ? say(label) : undefined}
        data-testid={testId}
        onInput={emit}
        onBlur={emit}
      />
    </div>
  )
}
