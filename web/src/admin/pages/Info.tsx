import {
  Avatar, Button, Card, Field, Input, Spinner, Tab, TabList, Text, makeStyles, tokens,
} from '@fluentui/react-components'
import { ArrowUploadRegular, DismissRegular, KeyRegular, PersonRegular, SaveRegular } from '@fluentui/react-icons'
import md5 from 'md5'
import { useEffect, useRef, useState, type ChangeEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { api, ApiFailure } from '../../shared/api'
import { notify } from '../../shared/notify'
import { session } from '../../shared/session'
import './locale'
import { avatarProblem, emailProblem, passwordProblem, phoneProblem, type PasswordForm } from './profile-rules'

/** The editable profile (spec §3 "User profile"). */
interface Profile { avatar: string; realName: string; name: string; phone: string; email: string }
/** GET /api/blade-system/user/info: the user-info shape. */
interface Me { account: string; avatar?: string; real_name?: string; name?: string; phone?: string; email?: string; role_names?: string; dept_name?: string }

type Errors<T> = Partial<Record<keyof T, string>>

const useStyles = makeStyles({
  card: { maxWidth: '860px', padding: 0 },
  tabs: { padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`, borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  body: { padding: tokens.spacingHorizontalXXL, display: 'grid', gridTemplateColumns: '200px 1fr', gap: tokens.spacingHorizontalXXL, '@media (max-width: 768px)': { gridTemplateColumns: '1fr' } },
  side: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalS, textAlign: 'center' },
  tip: { color: tokens.colorNeutralForeground3 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '460px' },
  passwordForm: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '460px', padding: tokens.spacingHorizontalXXL },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, marginTop: tokens.spacingVerticalS },
  avatarButtons: { display: 'flex', gap: tokens.spacingHorizontalXS },
})

const EMPTY_PASSWORDS: PasswordForm = { oldPassword: '', newPassword: '', newPassword1: '' }

/** /info/index: my profile (with avatar) and my password. */
export default function Info() {
  const { t } = useTranslation('pages')
  const s = useStyles()
  const [tab, setTab] = useState<'profile' | 'password'>('profile')
  const [me, setMe] = useState<Me | null>(null)
  const [profile, setProfile] = useState<Profile>({ avatar: '', realName: '', name: '', phone: '', email: '' })
  const [errors, setErrors] = useState<Errors<Profile>>({})
  const [passwords, setPasswords] = useState<PasswordForm>(EMPTY_PASSWORDS)
  const [pwErrors, setPwErrors] = useState<Errors<PasswordForm>>({})
  const [busy, setBusy] = useState<'save' | 'upload' | 'password' | null>(null)
  const file = useRef<HTMLInputElement>(null)

  useEffect(() => {
    api.get<Me>('/api/blade-system/user/info').then((m) => {
      setMe(m)
      setProfile({ avatar: m.avatar ?? '', realName: m.real_name ?? '', name: m.name ?? '', phone: m.phone ?? '', email: m.email ?? '' })
    }, () => setMe({ account: '' }))
  }, [])

  const edit = (k: keyof Profile) => (_: unknown, d: { value: string }) => {
    setProfile((p) => ({ ...p, [k]: d.value }))
    setErrors((e) => ({ ...e, [k]: undefined }))
  }
  const editPassword = (k: keyof PasswordForm) => (_: unknown, d: { value: string }) => {
    setPasswords((p) => ({ ...p, [k]: d.value }))
    setPwErrors((e) => ({ ...e, [k]: undefined }))
  }

  async function chooseAvatar(e: ChangeEvent<HTMLInputElement>) {
    const f = e.target.files?.[0]
    e.target.value = ''
    if (!f) return
    const problem = avatarProblem(f)
    if (problem) {
      setErrors((x) => ({ ...x, avatar: t(problem) }))
      return notify.warning(t(problem))
    }
    setBusy('upload')
    try {
      const { link } = await api.upload(f, 'avatar')
      setProfile((p) => ({ ...p, avatar: link }))
      setErrors((x) => ({ ...x, avatar: undefined }))
    } catch { /* the API client has shown why */ } finally {
      setBusy(null)
    }
  }

  async function save() {
    const found: Errors<Profile> = {}
    if (!profile.realName.trim()) found.realName = t('info.realNameRequired')
    const phone = phoneProblem(profile.phone)
    if (phone) found.phone = t(phone)
    const email = emailProblem(profile.email)
    if (email) found.email = t(email)
    setErrors(found)
    if (Object.keys(found).length) return
    setBusy('save')
    try {
      const body = { avatar: profile.avatar, realName: profile.realName.trim(), name: profile.name.trim(), phone: profile.phone.trim(), email: profile.email.trim() }
      await api.post('/api/blade-system/user/update-info', body)
      session.updateUser({ real_name: body.realName, avatar: body.avatar })
      notify.success(t('common:updatedSuccessfully'))
    } catch (e) {
      if (e instanceof ApiFailure && e.field && e.field in profile) setErrors({ [e.field]: e.message })
    } finally {
      setBusy(null)
    }
  }

  async function changePassword() {
    const problem = passwordProblem(passwords)
    if (problem) return setPwErrors({ [problem.field]: t(problem.key) })
    setPwErrors({})
    setBusy('password')
    try {
      await api.post('/api/blade-system/user/update-password', {
        oldPassword: md5(passwords.oldPassword), newPassword: md5(passwords.newPassword), newPassword1: md5(passwords.newPassword1),
      })
      setPasswords(EMPTY_PASSWORDS)
      notify.success(t('info.passwordChanged'))
    } catch (e) {
      if (e instanceof ApiFailure && e.field && e.field in passwords) setPwErrors({ [e.field]: e.message })
    } finally {
      setBusy(null)
    }
  }

  return (
    <Card className={s.card} data-testid="info-page">
      <TabList className={s.tabs} selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as typeof tab)}>
        <Tab value="profile" icon={<PersonRegular />} data-testid="info-tab-profile">{t('info.profile')}</Tab>
        <Tab value="password" icon={<KeyRegular />} data-testid="info-tab-password">{t('info.password')}</Tab>
      </TabList>
      {!me && <Spinner style={{ padding: 48 }} />}
      {me && tab === 'profile' && (
        <div className={s.body}>
          <div className={s.side}>
            <Avatar size={120} name={profile.realName || me.account} image={profile.avatar ? { src: profile.avatar } : undefined} color="brand" data-testid="info-avatar" />
            <div className={s.avatarButtons}>
              <Button size="small" icon={busy === 'upload' ? <Spinner size="tiny" /> : <ArrowUploadRegular />} disabled={busy === 'upload'} onClick={() => file.current?.click()}>{t('info.changeAvatar')}</Button>
              {profile.avatar && <Button size="small" appearance="subtle" icon={<DismissRegular />} onClick={() => setProfile((p) => ({ ...p, avatar: '' }))}>{t('info.removeAvatar')}</Button>}
            </div>
            <input ref={file} type="file" accept=".jpg,.jpeg,.png,image/jpeg,image/png" hidden onChange={chooseAvatar} data-testid="info-avatar-file" />
            <Text size={200} className={s.tip}>{t('info.avatarTip')}</Text>
            {errors.avatar && <Text size={200} style={{ color: tokens.colorPaletteRedForeground1 }} data-testid="info-avatar-error">{errors.avatar}</Text>}
          </div>
          <form className={s.form} onSubmit={(e) => { e.preventDefault(); void save() }} noValidate>
            <Field label={t('info.account')}><Input value={me.account} disabled /></Field>
            <Field label={t('info.realName')} required validationMessage={errors.realName}>
              <Input value={profile.realName} onChange={edit('realName')} data-testid="info-realName" />
            </Field>
            <Field label={t('info.name')} validationMessage={errors.name}>
              <Input value={profile.name} onChange={edit('name')} data-testid="info-name" />
            </Field>
            <Field label={t('info.phone')} required validationMessage={errors.phone}>
              <Input value={profile.phone} onChange={edit('phone')} inputMode="numeric" data-testid="info-phone" />
            </Field>
            <Field label={t('info.email')} validationMessage={errors.email}>
              <Input value={profile.email} onChange={edit('email')} type="email" data-testid="info-email" />
            </Field>
            <div className={s.actions}>
              <Button type="submit" appearance="primary" icon={busy === 'save' ? <Spinner size="tiny" /> : <SaveRegular />} disabled={busy === 'save'} data-testid="info-save">{t('common:save')}</Button>
            </div>
          </form>
        </div>
      )}
      {me && tab === 'password' && (
        <form className={s.passwordForm} onSubmit={(e) => { e.preventDefault(); void changePassword() }} noValidate>
          <Field label={t('info.oldPassword')} required validationMessage={pwErrors.oldPassword}>
            <Input type="password" value={passwords.oldPassword} onChange={editPassword('oldPassword')} autoComplete="current-password" data-testid="info-oldPassword" />
          </Field>
          <Field label={t('info.newPassword')} required validationMessage={pwErrors.newPassword}>
            <Input type="password" value={passwords.newPassword} onChange={editPassword('newPassword')} autoComplete="new-password" data-testid="info-newPassword" />
          </Field>
          <Field label={t('info.newPassword1')} required validationMessage={pwErrors.newPassword1}>
            <Input type="password" value={passwords.newPassword1} onChange={editPassword('newPassword1')} autoComplete="new-password" data-testid="info-newPassword1" />
          </Field>
          <div className={s.actions}>
            <Button type="submit" appearance="primary" icon={busy === 'password' ? <Spinner size="tiny" /> : <KeyRegular />} disabled={busy === 'password'} data-testid="info-password-save">{t('common:submit')}</Button>
            <Button onClick={() => { setPasswords(EMPTY_PASSWORDS); setPwErrors({}) }}>{t('common:reset')}</Button>
          </div>
        </form>
      )}
    </Card>
  )
}
