import { Button, Dropdown, Option, Text, makeStyles, tokens } from '@fluentui/react-components'
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'flex-end',
    gap: tokens.spacingHorizontalS,
    flexWrap: 'wrap',
  },
  sizes: { minWidth: '110px' },
})

/** Compact paging for lists: total, page size, previous/next. */
export default function Pager(p: {
  current: number
  size: number
  total: number
  sizes: number[]
  onChange: (current: number, size: number) => void
}) {
  const { t } = useTranslation('common')
  const s = useStyles()
  const pages = Math.max(1, Math.ceil(p.total / p.size))
  return (
    <div className={s.root}>
      <Text size={200}>{t('total', { total: p.total })}</Text>
      <Dropdown
        className={s.sizes}
        size="small"
        aria-label={t('perPage')}
        value={t('pageSize', { size: p.size })}
        selectedOptions={[String(p.size)]}
        onOptionSelect={(_, d) => p.onChange(1, Number(d.optionValue))}
      >
        {p.sizes.map((n) => (
          <Option key={n} value={String(n)}>
            {t('pageSize', { size: n })}
          </Option>
        ))}
      </Dropdown>
      <Button
        size="small"
        appearance="subtle"
        icon={<ChevronLeftRegular />}
        disabled={p.current <= 1}
        onClick={() => p.onChange(p.current - 1, p.size)}
        aria-label={t('previous')}
      />
      <Text size={200}>
        {p.current} / {pages}
      </Text>
      <Button
        size="small"
        appearance="subtle"
        icon={<ChevronRightRegular />}
        disabled={p.current >= pages}
        onClick={() => p.onChange(p.current + 1, p.size)}
        aria-label={t('next')}
      />
    </div>
  )
}
