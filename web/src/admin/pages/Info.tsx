import {
  Avatar,
  Button,
  Card,
  Field,
  Input,
  Spinner,
  Tab,
  TabList,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { ArrowUploadRegular, DismissRegular, KeyRegular, PersonRegular, SaveRegular } from '@fluentui/react-icons'
import md5 from 'md5'
import { useMemo, useRef, useState, type ChangeEvent } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { api, ApiFailure } from '../../shared/api'
import { useFetch, write } from '../../shared/data'
import { notify } from '../../shared/notify'
import { session } from '../../shared/session'
import './locale'
import { avatarProblem, emailProblem, passwordProblem, phoneProblem, type PasswordForm } from './profile-rules'
import Loading from '../../shared/Loading'

/** The editable profile (spec §3 "User profile"). */
interface Profile {
  avatar: string
  realName: string
  name: string
  phone: string
  email: string
}
/** GET /api/blade-system/user/info: the user-info shape. */
interface Me {
  account: string
  avatar?: string
  real_name?: string
  name?: string
  phone?: string
  email?: string
  role_names?: string
  dept_name?: string
}

const useStyles = makeStyles({
  card: { maxWidth: '860px', padding: 0 },
  tabs: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  body: {
    padding: tokens.spacingHorizontalXXL,
    display: 'grid',
    gridTemplateColumns: '200px 1fr',
    gap: tokens.spacingHorizontalXXL,
    '@media (max-width: 768px)': { gridTemplateColumns: '1fr' },
  },
  side: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    textAlign: 'center',
  },
  tip: { color: tokens.colorNeutralForeground3 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '460px' },
  passwordForm: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    maxWidth: '460px',
    padding: tokens.spacingHorizontalXXL,
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, marginTop: tokens.spacingVerticalS },
  avatarButtons: { display: 'flex', gap: tokens.spacingHorizontalXS },
})

const EMPTY_PASSWORDS: PasswordForm = { oldPassword: '', newPassword: '', newPassword1: '' }

/** The profile form's values from user/info (the form follows when it is read again). */
const profileOf = (m: Me): Profile => ({
  avatar: m.avatar ?? '',
  realName: m.real_name ?? '',
  name: m.name ?? '',
  phone: m.phone ?? '',
  email: m.email ?? '',
})

/** /info/index: my profile (with avatar) and my password. */
export default function Info() {
  const { t } = useTranslation('pages')
  const s = useStyles()
  const [tab, setTab] = useState<'profile' | 'password'>('profile')
  const meQuery = useFetch<Me>('/api/blade-system/user/info', undefined, { staleTime: 0 })
  const me = meQuery.data ?? (meQuery.isError ? { account: '' } : null)
  const initialProfile = useMemo(() => (meQuery.data ? profileOf(meQuery.data) : undefined), [meQuery.data])
  const profileForm = useForm<Profile>({ values: initialProfile, defaultValues: profileOf({ account: '' }) })
  const { errors } = profileForm.formState
  const avatar = profileForm.watch('avatar')
  const realName = profileForm.watch('realName')
  // The password rules are one tested function (profile-rules.ts); it answers the first problem in reading order.
  const passwordForm = useForm<PasswordForm>({
    defaultValues: EMPTY_PASSWORDS,
    resolver: (values) => {
      const problem = passwordProblem(values)
      return problem
        ? { values: {}, errors: { [problem.field]: { type: 'validate', message: t(problem.key) } } }
        : { values, errors: {} }
    },
  })
  const pwErrors = passwordForm.formState.errors
  const [uploading, setUploading] = useState(false)
  const file = useRef<HTMLInputElement>(null)

  async function chooseAvatar(e: ChangeEvent<HTMLInputElement>) {
    const f = e.target.files?.[0]
    e.target.value = ''
    if (!f) return
    const problem = avatarProblem(f)
    if (problem) {
      profileForm.setError('avatar', { message: t(problem) })
      return notify.warning(t(problem))
    }
    setUploading(true)
    try {
      const { link } = await api.upload(f, 'avatar')
      profileForm.setValue('avatar', link, { shouldDirty: true })
      profileForm.clearErrors('avatar')
    } catch {
      /* the API client has shown why */
    } finally {
      setUploading(false)
    }
  }

  const save = profileForm.handleSubmit(async (profile) => {
    try {
      const body = {
        avatar: profile.avatar,
        realName: profile.realName.trim(),
        name: profile.name.trim(),
        phone: profile.phone.trim(),
        email: profile.email.trim(),
      }
      await write('/api/blade-system/user/update-info', { body })
      session.updateUser({ real_name: body.realName, avatar: body.avatar })
      notify.success(t('common:updatedSuccessfully'))
    } catch (e) {
      if (e instanceof ApiFailure && e.field && e.field in profileOf({ account: '' }))
        profileForm.setError(e.field as keyof Profile, { type: 'server', message: e.message })
    }
  })

  const changePassword = passwordForm.handleSubmit(async (passwords) => {
    try {
      await api.post('/api/blade-system/user/update-password', {
        oldPassword: md5(passwords.oldPassword),
        newPassword: md5(passwords.newPassword),
        newPassword1: md5(passwords.newPassword1),
      })
      passwordForm.reset(EMPTY_PASSWORDS)
      notify.success(t('info.passwordChanged'))
    } catch (e) {
      if (e instanceof ApiFailure && e.field && e.field in EMPTY_PASSWORDS)
        passwordForm.setError(e.field as keyof PasswordForm, { type: 'server', message: e.message })
    }
  })

  return (
    <Card className={s.card} data-testid="info-page">
      <TabList className={s.tabs} selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as typeof tab)}>
        <Tab value="profile" icon={<PersonRegular />} data-testid="info-tab-profile">
          {t('info.profile')}
        </Tab>
        <Tab value="password" icon={<KeyRegular />} data-testid="info-tab-password">
          {t('info.password')}
        </Tab>
      </TabList>
      {!me && <Loading style={{ padding: 48 }} />}
      {me && tab === 'profile' && (
        <div className={s.body}>
          <div className={s.side}>
            <Avatar
              size={120}
              name={realName || me.account}
              image={avatar ? { src: avatar } : undefined}
              color="brand"
              data-testid="info-avatar"
            />
            <div className={s.avatarButtons}>
              <Button
                size="small"
                icon={uploading ? <Spinner size="tiny" /> : <ArrowUploadRegular />}
                disabled={uploading}
                onClick={() => file.current?.click()}
              >
                {t('info.changeAvatar')}
              </Button>
              {avatar && (
                <Button
                  size="small"
                  appearance="subtle"
                  icon={<DismissRegular />}
                  onClick={() => profileForm.setValue('avatar', '', { shouldDirty: true })}
                >
                  {t('info.removeAvatar')}
                </Button>
              )}
            </div>
            <input
              ref={file}
              type="file"
              accept=".jpg,.jpeg,.png,image/jpeg,image/png"
              hidden
              onChange={chooseAvatar}
              data-testid="info-avatar-file"
            />
            <Text size={200} className={s.tip}>
              {t('info.avatarTip')}
            </Text>
            {errors.avatar && (
              <Text size={200} style={{ color: tokens.colorPaletteRedForeground1 }} data-testid="info-avatar-error">
                {errors.avatar.message}
              </Text>
            )}
          </div>
          <form className={s.form} onSubmit={(e) => void save(e)} noValidate>
            <Field label={t('info.account')}>
              <Input value={me.account} disabled />
            </Field>
            <Field label={t('info.realName')} required validationMessage={errors.realName?.message}>
              <Input
                {...profileForm.register('realName', { validate: (v) => !!v.trim() || t('info.realNameRequired') })}
                data-testid="info-realName"
              />
            </Field>
            <Field label={t('info.name')} validationMessage={errors.name?.message}>
              <Input {...profileForm.register('name')} data-testid="info-name" />
            </Field>
            <Field label={t('info.phone')} required validationMessage={errors.phone?.message}>
              <Input
                {...profileForm.register('phone', {
                  validate: (v) => {
                    const p = phoneProblem(v)
                    return p ? t(p) : true
                  },
                })}
                inputMode="numeric"
                data-testid="info-phone"
              />
            </Field>
            <Field label={t('info.email')} validationMessage={errors.email?.message}>
              <Input
                {...profileForm.register('email', {
                  validate: (v) => {
                    const p = emailProblem(v)
                    return p ? t(p) : true
                  },
                })}
                type="email"
                data-testid="info-email"
              />
            </Field>
            <div className={s.actions}>
              <Button
                type="submit"
                appearance="primary"
                icon={profileForm.formState.isSubmitting ? <Spinner size="tiny" /> : <SaveRegular />}
                disabled={profileForm.formState.isSubmitting}
                data-testid="info-save"
              >
                {t('common:save')}
              </Button>
            </div>
          </form>
        </div>
      )}
      {me && tab === 'password' && (
        <form className={s.passwordForm} onSubmit={(e) => void changePassword(e)} noValidate>
          <Field label={t('info.oldPassword')} required validationMessage={pwErrors.oldPassword?.message}>
            <Input
              type="password"
              {...passwordForm.register('oldPassword')}
              autoComplete="current-password"
              data-testid="info-oldPassword"
            />
          </Field>
          <Field label={t('info.newPassword')} required validationMessage={pwErrors.newPassword?.message}>
            <Input
              type="password"
              {...passwordForm.register('newPassword')}
              autoComplete="new-password"
              data-testid="info-newPassword"
            />
          </Field>
          <Field label={t('info.newPassword1')} required validationMessage={pwErrors.newPassword1?.message}>
            <Input
              type="password"
              {...passwordForm.register('newPassword1')}
              autoComplete="new-password"
              data-testid="info-newPassword1"
            />
          </Field>
          <div className={s.actions}>
            <Button
              type="submit"
              appearance="primary"
              icon={passwordForm.formState.isSubmitting ? <Spinner size="tiny" /> : <KeyRegular />}
              disabled={passwordForm.formState.isSubmitting}
              data-testid="info-password-save"
            >
              {t('common:submit')}
            </Button>
            <Button onClick={() => passwordForm.reset(EMPTY_PASSWORDS)}>{t('common:reset')}</Button>
          </div>
        </form>
      )}
    </Card>
  )
}
