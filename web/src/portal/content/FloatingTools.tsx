import { Button, Text, makeStyles, tokens } from '@fluentui/react-components'
import { CallRegular, QrCodeRegular } from '@fluentui/react-icons'
import { useEffect, useId, useState, type ReactElement, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { siteConfig } from '../../shared/config'
import './locale'

const useStyles = makeStyles({
  tools: { position: 'fixed', right: '16px', top: '40%', zIndex: 20, display: 'grid', gap: '8px' },
  qr: { width: '120px', height: '120px', display: 'block' },
  tool: { position: 'relative' },
  panel: {
    position: 'absolute',
    right: 'calc(100% + 12px)',
    top: '50%',
    transform: 'translateY(-50%)',
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow16,
    whiteSpace: 'nowrap',
  },
})

/**
 * One side tool: a round button whose panel opens to its left on hover or
 * keyboard focus (Escape closes it). Hand-made rather than a Fluent Popover,
 * whose positioning engine would add about 35 kB to every portal page.
 */
function Tool({ icon, label, children }: { icon: ReactElement; label: string; children: ReactNode }) {
  const s = useStyles()
  const id = useId()
  const [open, setOpen] = useState(false)
  return (
    <div
      className={s.tool}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setOpen(false)}
      onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
    >
      <Button
        shape="circular"
        size="large"
        icon={icon}
        aria-label={label}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      />
      <div id={id} className={s.panel} hidden={!open}>
        {children}
      </div>
    </div>
  )
}

/** Floating side tools (spec §1): two QR pop-ups and a hotline pop-up; hidden under 992 px, re-checked 400 ms after resizing stops. */
export default function FloatingTools() {
  const s = useStyles()
  const { t } = useTranslation('learn')
  const wide = () => window.innerWidth >= 992
  const [show, setShow] = useState(wide)
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const onResize = () => {
      clearTimeout(timer)
      timer = setTimeout(() => setShow(wide()), 400)
    }
    window.addEventListener('resize', onResize)
    return () => {
      clearTimeout(timer)
      window.removeEventListener('resize', onResize)
    }
  }, [])
  if (!show) return null
  const qr = (label: string, src: string) => (
    <Tool icon={<QrCodeRegular />} label={label}>
      <img className={s.qr} src={src} alt={label} width={120} height={120} />
      <Text block align="center" size={200}>
        {label}
      </Text>
    </Tool>
  )
  return (
    <div className={s.tools} data-testid="floating-tools">
      {qr(t('qrAccount'), siteConfig.qrAccount)}
      {qr(t('qrService'), siteConfig.qrService)}
      <Tool icon={<CallRegular />} label={t('hotline')}>
        <Text block weight="semibold">
          {t('hotline')}
        </Text>
        <Text block>{siteConfig.hotline}</Text>
        <Text block size={200}>
          {siteConfig.serviceHours}
        </Text>
      </Tool>
    </div>
  )
}
