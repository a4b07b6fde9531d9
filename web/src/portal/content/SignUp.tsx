import { Button, Card, Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components'
import md5 from 'md5'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { ApiFailure, api } from '../../shared/api'
import { phoneProblem } from '../../shared/contact-problems'
import { notify } from '../../shared/notify'
import './locale'

const useStyles = makeStyles({
  page: {
    minHeight: 'calc(100vh - 60px)',
    display: 'grid',
    placeItems: 'center',
    padding: '32px 16px',
    backgroundImage: 'linear-gradient(120deg, #0f3a5f 0%, #1B79C3 60%, #409EFF 100%)',
  },
  card: { width: 'min(420px, 100%)', padding: '28px', display: 'grid', gap: tokens.spacingVerticalM },
  code: { display: 'flex', gap: tokens.spacingHorizontalS },
})

type Form = { phone: string; code: string; name: string; password: string; password2: string }

/** Portal sign-up by phone: a code (through the SMS provider), name and password; then sign in. */
export default function SignUp() {
  const s = useStyles()
  const { t } = useTranslation('learn')
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const [v, setV] = useState<Form>({ phone: '', code: '', name: '', password: '', password2: '' })
  const [err, setErr] = useState<Partial<Form>>({})
  const [wait, setWait] = useState(0)
  useEffect(() => {
    if (wait > 0) {
      const h = setTimeout(() => setWait(wait - 1), 1000)
      return () => clearTimeout(h)
    }
  }, [wait])
  // The shared rule, in the portal's own words (learn locale: phoneEmpty, phoneLength).
  const phoneMessage = () => {
    const key = phoneProblem(v.phone)
    return key ? t(key) : undefined
  }
  const send = async () => {
    const p = phoneMessage()
    setErr({ phone: p })
    if (p) return
    await api.get('/api/nop-wbp/send/msg', { phone: v.phone.trim() })
    setWait(60)
  }
  const submit = async () => {
    const e: Partial<Form> = {
      phone: phoneMessage(),
      code: v.code.trim() ? undefined : t('codeRequired'),
      name: v.name.trim() ? undefined : t('nameRequired'),
      password: v.password ? undefined : t('passwordRequired'),
    }
    if (!e.password && v.password !== v.password2) e.password2 = t('mismatch')
    setErr(e)
    if (Object.values(e).some(Boolean)) return
    try {
      await api.post('/api/nop-wbp/user/addUser', {
        phone: v.phone.trim(),
        code: v.code.trim(),
        name: v.name.trim(),
        password: md5(v.password),
        password2: md5(v.password2),
      })
    } catch (x) {
      if (x instanceof ApiFailure && x.field) setErr({ [x.field]: x.message })
      return
    }
    notify.success(t('signedUp'))
    navigate(
      `/home/user-login?account=${encodeURIComponent(v.phone.trim())}${params.get('redirect') ? `&redirect=${encodeURIComponent(params.get('redirect')!)}` : ''}`,
    )
  }
  const input = (k: keyof Form, label: string, type: 'text' | 'tel' | 'password' = 'text') => (
    <Field label={label} required validationMessage={err[k]}>
      <Input type={type} value={v[k]} onChange={(_, d) => setV({ ...v, [k]: d.value })} data-testid={`signup-${k}`} />
    </Field>
  )
  return (
    <div className={s.page}>
      <Card className={s.card}>
        <h1 style={{ margin: 0, fontSize: 24 }}>{t('signUpTitle')}</h1>
        {input('phone', t('phone'), 'tel')}
        <Field label={t('code')} required validationMessage={err.code}>
          <div className={s.code}>
            <Input
              value={v.code}
              onChange={(_, d) => setV({ ...v, code: d.value })}
              inputMode="numeric"
              style={{ flex: 1 }}
              data-testid="signup-code"
            />
            <Button disabled={wait > 0} onClick={() => void send()} data-testid="signup-send">
              {wait > 0 ? t('resend', { s: wait }) : t('sendCode')}
            </Button>
          </div>
        </Field>
        {input('name', t('name'))}
        {input('password', t('password'), 'password')}
        {input('password2', t('password2'), 'password')}
        <Button appearance="primary" size="large" onClick={() => void submit()} data-testid="signup-submit">
          {t('signUp')}
        </Button>
        <Text>
          <Link to="/home/user-login">{t('haveAccount')}</Link>
        </Text>
      </Card>
    </div>
  )
}
