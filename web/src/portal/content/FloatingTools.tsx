import { Button, Popover, PopoverSurface, PopoverTrigger, Text, makeStyles } from '@fluentui/react-components'
import { CallRegular, QrCodeRegular } from '@fluentui/react-icons'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { siteConfig } from '../../shared/config'

const useStyles = makeStyles({
  tools: { position: 'fixed', right: '16px', top: '40%', zIndex: 20, display: 'grid', gap: '8px' },
  qr: { width: '120px', height: '120px', display: 'block' },
})

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
    <Popover positioning="before" openOnHover withArrow>
      <PopoverTrigger disableButtonEnhancement>
        <Button shape="circular" size="large" icon={<QrCodeRegular />} aria-label={label} />
      </PopoverTrigger>
      <PopoverSurface>
        <img className={s.qr} src={src} alt={label} width={120} height={120} />
        <Text block align="center" size={200}>
          {label}
        </Text>
      </PopoverSurface>
    </Popover>
  )
  return (
    <div className={s.tools} data-testid="floating-tools">
      {qr(t('qrAccount'), siteConfig.qrAccount)}
      {qr(t('qrService'), siteConfig.qrService)}
      <Popover positioning="before" openOnHover withArrow>
        <PopoverTrigger disableButtonEnhancement>
          <Button shape="circular" size="large" icon={<CallRegular />} aria-label={t('hotline')} />
        </PopoverTrigger>
        <PopoverSurface>
          <Text block weight="semibold">
            {t('hotline')}
          </Text>
          <Text block>{siteConfig.hotline}</Text>
          <Text block size={200}>
            {siteConfig.serviceHours}
          </Text>
        </PopoverSurface>
      </Popover>
    </div>
  )
}
