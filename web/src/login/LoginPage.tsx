import { Button, Field, Input, Link, Text, makeStyles, tokens, type InputProps } from '@fluentui/react-components'
import { CheckmarkCircleRegular, LockClosedRegular, PersonRegular } from '@fluentui/react-icons'
import md5 from 'md5'
import { lazy, Suspense, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import '../portal/content/locale'
import { Link as RouterLink, Navigate, useNavigate, useSearchParams } from 'react-router-dom'
import { api } from '../shared/api'
import { siteConfig } from '../shared/config'
import { currentLang, setLang } from '../shared/i18n'
import { notify } from '../shared/notify'
import { landingPath, session, useSession, type TokenResponse } from '../shared/session'
import { CaptchaField, useCaptcha } from './Captcha'
import { useHostTenant } from './host-tenant'
import { useLoginOptions } from './login-options'
import { ForgotPasswordDialog, ResetPasswordDialog } from './LostPassword'
import './locale'

// The staff application form loads when asked for: a learner signing in never fetches it.
const RegisterDialog = lazy(() => import('../admin/widgets/RegisterDialog'))

const useStyles = makeStyles({
  root: {
    minHeight: '100vh',
    display: 'grid',
    gridTemplateColumns: '1.1fr 1fr',
    // minmax(0, …): a long word in the card must not widen the page past a phone's screen.
    '@media (max-width: 992px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  hero: {
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'center',
    gap: tokens.spacingVerticalL,
    padding: '8vw',
    color: '#fff',
    backgroundImage: 'linear-gradient(135deg, #0f3a5f 0%, #1B79C3 60%, #409EFF 100%)',
    '@media (max-width: 992px)': { display: 'none' },
  },
  heroTitle: { fontSize: '34px', lineHeight: '44px', fontWeight: tokens.fontWeightSemibold },
  point: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, fontSize: tokens.fontSizeBase400 },
  side: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: tokens.spacingHorizontalXXL,
    backgroundColor: tokens.colorNeutralBackground2,
    '@media (max-width: 480px)': { padding: tokens.spacingHorizontalM },
  },
  card: {
    width: '100%',
    maxWidth: '400px',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: '36px 32px',
    '@media (max-width: 480px)': { padding: '28px 20px' },
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow16,
  },
  head: { display: 'flex', justifyContent: 'space-between', alignItems: 'baseline' },
  signUp: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'center',
    gap: tokens.spacingHorizontalS,
    paddingTop: tokens.spacingVerticalS,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  strong: { fontWeight: tokens.fontWeightSemibold },
  footer: { display: 'flex', justifyContent: 'space-between', fontSize: tokens.fontSizeBase200 },
})

interface LoginForm {
  tenantId: string
  account: string
  password: string
  code: string
}

/** /login and /home/user-login: password (md5 hex) sign-in, captcha when configured, then the role's landing page. */
export default function LoginPage() {
  const s = useStyles()
  const { t, i18n } = useTranslation('login')
  const navigate = useNavigate()
  const [params, setParams] = useSearchParams()
  const { token, roles } = useSession()
  const {
    register: input,
    handleSubmit,
    watch,
    getValues,
    formState: { errors, isSubmitting: busy },
  } = useForm<LoginForm>({
    defaultValues: {
      tenantId: siteConfig.defaultTenantId,
      account: params.get('account') ?? '',
      password: '',
      code: '',
    },
  })
  const { tenant: hostTenant } = useHostTenant()
  // The school found from the host name signs in without its number; elsewhere the field says which school.
  const tenantId = () => hostTenant?.tenantId ?? watch('tenantId')
  const askTenant = siteConfig.tenantMode && !hostTenant
  const options = useLoginOptions(tenantId())
  const { captchaMode } = options
  const { captcha, reload: loadCaptcha, headers: captchaHeaders } = useCaptcha(captchaMode)
  const [register, setRegister] = useState<{ oauthId: string; name?: string } | null>(
    params.get('oauthId') ? { oauthId: params.get('oauthId')! } : null,
  )
  /** The forgot-password dialog, open with the account typed so far. */
  const [forgot, setForgot] = useState<string | null>(null)
  // The lost-password mail's link: the token leaves the address once the dialog closes.
  const resetToken = params.get('resetToken')
  const closeReset = () =>
    setParams(
      (p) => {
        p.delete('resetToken')
        return p
      },
      { replace: true },
    )

  if (token && !register) return <Navigate to={params.get('redirect') || landingPath(roles)} replace />

  const submit = handleSubmit(async (form) => {
    try {
      const r = await api.token(
        {
          tenantId: hostTenant?.tenantId ?? form.tenantId.trim(),
          username: form.account,
          password: md5(form.password),
          grant_type: captchaMode ? 'captcha' : 'password',
          scope: 'all',
          type: 'account',
        },
        captchaHeaders(form.code),
      )
      // A failed sign-in shows the server's description and stores nothing (spec §8).
      if (r.error_description || typeof r.access_token !== 'string') {
        notify.error(String(r.error_description ?? r.msg ?? t('unknownError', { ns: 'common' })))
        if (r.oauth_id) setRegister({ oauthId: String(r.oauth_id), name: String(r.nick_name ?? '') })
        // The administrator may have just switched captcha mode: ask the server again.
        options.refresh()
        loadCaptcha()
        return
      }
      const tokenResponse = r as unknown as TokenResponse
      session.save(tokenResponse)
      navigate(params.get('redirect') || landingPath(tokenResponse.role_name.split(',')), { replace: true })
    } catch {
      notify.error(t('networkError', { ns: 'common' }))
    }
  })

  return (
    <div className={s.root}>
      <section className={s.hero}>
        <img src="/favicon.svg" width={56} height={56} alt="" />
        <div className={s.heroTitle}>Atrium</div>
        <Text size={500}>{t('slogan')}</Text>
        {(t('points', { returnObjects: true }) as string[]).map((p) => (
          <div key={p} className={s.point}>
            <CheckmarkCircleRegular fontSize={20} />
            {p}
          </div>
        ))}
      </section>
      <section className={s.side}>
        <form className={s.card} onSubmit={(e) => void submit(e)} noValidate>
          <div className={s.head}>
            <div>
              <Text as="h1" size={700} weight="semibold" block>
                {t('title')}
              </Text>
              <Text size={200} data-testid="login-school">
                {hostTenant?.tenantName ?? t('subtitle')}
              </Text>
            </div>
            <Link onClick={() => setLang(currentLang() === 'zh' ? 'en' : 'zh')} data-testid="login-lang">
              {i18n.language === 'zh' ? 'English' : '中文'}
            </Link>
          </div>
          {askTenant && (
            <Field label={t('tenant')} required validationMessage={errors.tenantId?.message}>
              <Input
                {...input('tenantId', { validate: (v) => !askTenant || !!v.trim() || t('tenantRequired') })}
                data-testid="login-tenant"
              />
            </Field>
          )}
          <Field label={t('account')} required validationMessage={errors.account?.message}>
            <Input
              {...input('account', { required: t('accountRequired') })}
              contentBefore={<PersonRegular />}
              autoComplete="username"
              data-testid="login-account"
            />
          </Field>
          <Field
            label={t('password')}
            required
            validationMessage={errors.password?.message}
            hint={
              <Link onClick={() => setForgot(getValues('account'))} data-testid="login-forgot">
                {t('forgot')}
              </Link>
            }
          >
            <Input
              type="password"
              {...input('password', { required: t('passwordRequired') })}
              contentBefore={<LockClosedRegular />}
              autoComplete="current-password"
              data-testid="login-password"
            />
          </Field>
          <CaptchaField
            on={captchaMode}
            captcha={captcha}
            reload={loadCaptcha}
            error={errors.code?.message}
            input={
              {
                ...input('code', { validate: (v) => !captchaMode || !!v || t('captchaRequired') }),
                'data-testid': 'login-captcha',
              } as InputProps
            }
          />
          <Button type="submit" appearance="primary" size="large" disabled={busy} data-testid="login-submit">
            {t('submit')}
          </Button>
          {/* Two ways to an account, each saying whom it is for: learners sign up themselves (phone code, at
              once); staff apply for a back-office account that an administrator approves. */}
          <div className={s.signUp}>
            <Text>{t('noAccount')}</Text>
            <RouterLink
              className={s.strong}
              to={`/home/user-sign-up${params.get('redirect') ? `?redirect=${encodeURIComponent(params.get('redirect')!)}` : ''}`}
              data-testid="login-sign-up"
            >
              {t('learnerSignUp')}
            </RouterLink>
          </div>
          <div className={s.footer}>
            {options.registerOpen ? (
              <Link onClick={() => setRegister({ oauthId: '' })} data-testid="login-register">
                {t('staffApply')}
              </Link>
            ) : (
              <span />
            )}
            <RouterLink to="/home/index">{t('backHome')}</RouterLink>
          </div>
        </form>
      </section>
      {forgot !== null && (
        <ForgotPasswordDialog tenantId={tenantId().trim()} account={forgot} onClose={() => setForgot(null)} />
      )}
      {resetToken && <ResetPasswordDialog token={resetToken} onClose={closeReset} />}
      {register && (
        <Suspense>
          <RegisterDialog open oauthId={register.oauthId} name={register.name} onClose={() => setRegister(null)} />
        </Suspense>
      )}
    </div>
  )
}
