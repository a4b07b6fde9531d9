import { Button, Field, Input, makeStyles, tokens, type InputProps } from '@fluentui/react-components'
import { ArrowClockwiseRegular } from '@fluentui/react-icons'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api } from '../shared/api'
import './locale'

interface Captcha {
  key: string
  image: string
}

const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  image: {
    height: '32px',
    borderRadius: tokens.borderRadiusMedium,
    cursor: 'pointer',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
})

/**
 * The captcha of an anonymous form (sign-in, registration) while captcha mode is `on` (the server's setting,
 * useLoginOptions). Each image answers once on the server, so the form asks for a fresh one after every
 * attempt; headers() are what the request carries. A plain fetch, not a cached query: the same image must
 * never be shown twice.
 */
export function useCaptcha(on: boolean) {
  const [captcha, setCaptcha] = useState<Captcha | null>(null)
  const reload = useCallback(() => {
    if (on) void api.get<Captcha>('/api/blade-auth/oauth/captcha').then(setCaptcha)
    else setCaptcha(null)
  }, [on])
  useEffect(reload, [reload])
  const headers = (code: string): Record<string, string> =>
    on && captcha ? { 'Captcha-Key': captcha.key, 'Captcha-Code': code } : {}
  return { captcha, reload, headers }
}

/** The captcha input with its image (click or the button for another); shown only in captcha mode. */
export function CaptchaField({
  on,
  captcha,
  reload,
  error,
  input,
}: {
  on: boolean
  captcha: Captcha | null
  reload: () => void
  error?: string
  input: InputProps
}) {
  const { t } = useTranslation('login')
  const s = useStyles()
  if (!on) return null
  return (
    <Field label={t('captcha')} required validationMessage={error}>
      <div className={s.row}>
        <Input {...input} style={{ flex: 1 }} />
        {captcha && (
          <img
            src={captcha.image}
            className={s.image}
            alt={t('captcha')}
            title={t('refreshCaptcha')}
            onClick={reload}
          />
        )}
        <Button
          appearance="subtle"
          icon={<ArrowClockwiseRegular />}
          onClick={reload}
          aria-label={t('refreshCaptcha')}
        />
      </div>
    </Field>
  )
}
