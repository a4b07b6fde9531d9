import { Avatar, Button, Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components'
import { LockClosedRegular, LockOpenRegular, SignOutRegular } from '@fluentui/react-icons'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSession } from '../../shared/session'
import './locale'

export interface LockProps {
  /** Tries the lock password: true unlocks (the shell then leaves /lock), false means it was wrong. */
  unlock: (password: string) => boolean
  /** Leaves the locked session for the login page. */
  signOut: () => void
}

const useStyles = makeStyles({
  root: {
    position: 'fixed',
    inset: 0,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    zIndex: 1000,
    backgroundImage: 'linear-gradient(135deg, #0f3a5f 0%, #1B79C3 55%, #409EFF 100%)',
  },
  panel: {
    width: 'min(360px, 90vw)',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalM,
    padding: '36px 32px',
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: 'rgba(255,255,255,0.96)',
    boxShadow: tokens.shadow28,
  },
  clock: {
    position: 'absolute',
    top: '12%',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    color: '#fff',
  },
  time: { fontSize: '48px', lineHeight: '56px', fontWeight: tokens.fontWeightSemibold, letterSpacing: '2px' },
  hint: { color: tokens.colorNeutralForeground3 },
  form: { width: '100%', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
})

/** The /lock page body: who is signed in, and the lock password to get back in. */
export default function Lock({ unlock, signOut }: LockProps) {
  const { t } = useTranslation('pages')
  const s = useStyles()
  const { user } = useSession()
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string>()
  const name = user?.real_name || user?.account || ''
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 10_000)
    return () => clearInterval(timer)
  }, [])

  function submit() {
    if (!password) return setError(t('lock.passwordRequired'))
    if (!unlock(password)) {
      setError(t('lock.wrongPassword'))
      setPassword('')
    }
  }

  return (
    <div className={s.root} data-testid="lock-page">
      <div className={s.clock}>
        <span className={s.time} aria-hidden>
          {now.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
        </span>
        <Text size={400} style={{ color: '#fff' }}>
          <LockClosedRegular /> {t('lock.title')}
        </Text>
      </div>
      <div className={s.panel}>
        <Avatar
          size={72}
          name={name}
          image={user?.avatar ? { src: user.avatar } : undefined}
          color="brand"
          badge={{ icon: <LockClosedRegular />, status: 'busy' }}
        />
        <Text size={500} weight="semibold">
          {name}
        </Text>
        <Text size={200} className={s.hint}>
          {t('lock.hint')}
        </Text>
        <form
          className={s.form}
          onSubmit={(e) => {
            e.preventDefault()
            submit()
          }}
          noValidate
        >
          <Field validationMessage={error}>
            <Input
              type="password"
              autoFocus
              placeholder={t('lock.password')}
              value={password}
              data-testid="unlock-password"
              onChange={(_, d) => {
                setPassword(d.value)
                setError(undefined)
              }}
            />
          </Field>
          <Button type="submit" appearance="primary" icon={<LockOpenRegular />} data-testid="lock-unlock">
            {t('lock.unlock')}
          </Button>
          <Button appearance="subtle" icon={<SignOutRegular />} onClick={signOut}>
            {t('lock.signOut')}
          </Button>
        </form>
      </div>
    </div>
  )
}
