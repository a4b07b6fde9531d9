import { Dialog, DialogBody, DialogSurface, Input, makeStyles, tokens } from '@fluentui/react-components'
import { SearchRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { MenuIcon } from './icons'
import { menuLabel, searchMenu, type MenuItem } from './menu-tree'
import { useMenuNavigation } from './useMenuNavigation'

const useStyles = makeStyles({
  surface: { maxWidth: '560px', width: '90vw', alignSelf: 'flex-start', marginTop: '12vh' },
  list: {
    display: 'flex',
    flexDirection: 'column',
    marginTop: tokens.spacingVerticalM,
    maxHeight: '50vh',
    overflowY: 'auto',
  },
  row: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: tokens.spacingVerticalS,
    borderRadius: tokens.borderRadiusMedium,
    border: 'none',
    background: 'transparent',
    textAlign: 'left',
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  path: { marginLeft: 'auto', color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  empty: { color: tokens.colorNeutralForeground3, padding: tokens.spacingVerticalM },
})

/** The menu search overlay: prefix match on names, case-insensitive; Esc closes (the dialog's own behaviour). */
export default function MenuSearch({ open, onClose, tree }: { open: boolean; onClose: () => void; tree: MenuItem[] }) {
  const s = useStyles()
  const { t, i18n } = useTranslation('shell')
  const [text, setText] = useState('')
  const go = useMenuNavigation()
  const hits = searchMenu(tree, text)
  const pick = (m: MenuItem) => {
    onClose()
    setText('')
    go(m)
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(_, d) => {
        if (!d.open) onClose()
      }}
    >
      <DialogSurface className={s.surface} data-testid="menu-search">
        <DialogBody style={{ display: 'block' }}>
          <Input
            autoFocus
            value={text}
            onChange={(_, d) => setText(d.value)}
            contentBefore={<SearchRegular />}
            placeholder={t('searchPlaceholder')}
            style={{ width: '100%' }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && hits[0]) pick(hits[0])
            }}
            data-testid="menu-search-input"
          />
          <div className={s.list}>
            {text.trim() && !hits.length && <div className={s.empty}>{t('noMatch')}</div>}
            {hits.map((m) => (
              <button key={m.id} className={s.row} onClick={() => pick(m)}>
                <MenuIcon name={m.source} />
                {menuLabel(m, i18n.language)}
                <span className={s.path}>{m.path}</span>
              </button>
            ))}
          </div>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
