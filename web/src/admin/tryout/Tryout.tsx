import {
  Badge,
  Body1,
  Button,
  Caption1,
  Card,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Select,
  Textarea,
  Title3,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { SearchRegular, SendRegular } from '@fluentui/react-icons'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { OpenApiDocument } from '../../../../server/api-types'
import { ApiFailure, api } from '../../shared/api'
import { useFetch } from '../../shared/data'
import Loading from '../../shared/Loading'
import './locale'
import { fillPath, tryRoutes, type TryRoute } from './routes'

/** At most this many matching routes are listed; the filter narrows the rest. */
const SHOWN = 200

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '1100px' },
  card: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalM },
  op: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', fontFamily: tokens.fontFamilyMonospace },
  params: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
    gap: tokens.spacingHorizontalM,
  },
  body: { fontFamily: tokens.fontFamilyMonospace, minHeight: '140px' },
  pre: {
    margin: 0,
    padding: tokens.spacingHorizontalM,
    background: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground1,
    maxHeight: '480px',
    overflow: 'auto',
    fontSize: tokens.fontSizeBase200,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
  },
})

interface Answer {
  code: number
  ms: number
  json: unknown
}

/** One route's form: its parameters and body, sent through the one API client with the caller's own token. */
function RouteForm({ route }: { route: TryRoute }) {
  const { t } = useTranslation('tryout')
  const s = useStyles()
  const [values, setValues] = useState<Record<string, string>>({})
  const [pathValues, setPathValues] = useState<Record<string, string>>({})
  const [body, setBody] = useState('{}')
  const [badBody, setBadBody] = useState(false)
  const [busy, setBusy] = useState(false)
  const [answer, setAnswer] = useState<Answer>()

  const send = async () => {
    let parsed: unknown
    if (route.hasBody) {
      try {
        parsed = body.trim() ? JSON.parse(body) : undefined
      } catch {
        setBadBody(true)
        return
      }
    }
    setBadBody(false)
    setBusy(true)
    const started = performance.now()
    const path = fillPath(route.path, pathValues)
    try {
      // Quiet: the answer is shown here, a refusal included, instead of a toast.
      const data =
        route.method === 'GET'
          ? await api.get(path, values, { silent: true })
          : await api.post(path, parsed, values, { silent: true })
      setAnswer({ code: 200, ms: Math.round(performance.now() - started), json: { code: 200, success: true, data } })
    } catch (e) {
      const failure = e instanceof ApiFailure ? e : new ApiFailure(0, String(e))
      setAnswer({
        code: failure.code,
        ms: Math.round(performance.now() - started),
        json: failure.body ?? { code: failure.code, msg: failure.message },
      })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card className={s.card}>
      <div className={s.op}>
        <Badge appearance="tint" color={route.method === 'GET' ? 'brand' : 'important'}>
          {route.method}
        </Badge>
        <span data-testid="tryout-path">{route.path}</span>
      </div>
      {route.pathParams.length > 0 && (
        <>
          <Caption1>{t('pathParameters')}</Caption1>
          <div className={s.params}>
            {route.pathParams.map((name) => (
              <Field key={name} label={name} required>
                <Input
                  value={pathValues[name] ?? ''}
                  onChange={(_, d) => setPathValues((v) => ({ ...v, [name]: d.value }))}
                />
              </Field>
            ))}
          </div>
        </>
      )}
      <Caption1>{t('parameters')}</Caption1>
      {route.query.length ? (
        <div className={s.params}>
          {route.query.map((p) => (
            <Field key={p.name} label={p.name} required={p.required}>
              <Input
                value={values[p.name] ?? ''}
                onChange={(_, d) => setValues((v) => ({ ...v, [p.name]: d.value }))}
                data-testid={`tryout-param-${p.name}`}
              />
            </Field>
          ))}
        </div>
      ) : (
        <Body1>{t('noParameters')}</Body1>
      )}
      {route.hasBody && (
        <Field label={t('body')} validationMessage={badBody ? t('badJson') : undefined}>
          <Textarea
            className={s.body}
            value={body}
            onChange={(_, d) => setBody(d.value)}
            resize="vertical"
            data-testid="tryout-body"
          />
        </Field>
      )}
      <div>
        <Button appearance="primary" icon={<SendRegular />} disabled={busy} onClick={send} data-testid="tryout-send">
          {busy ? t('sending') : t('send')}
        </Button>
      </div>
      {answer && (
        <>
          <Caption1 data-testid="tryout-status">{t('status', { code: answer.code, ms: answer.ms })}</Caption1>
          <pre className={s.pre} aria-label={t('answer')} tabIndex={0} data-testid="tryout-answer">
            {JSON.stringify(answer.json, null, 2)}
          </pre>
        </>
      )}
    </Card>
  )
}

/**
 * /test/index: the API tryout. A platform administrator picks a route of the OpenAPI document, fills in its
 * parameters and sends it; the answer (a refusal too) is shown as the envelope the server sent. It never holds or
 * asks for a token: the one API client sends the signed-in user's, so the server decides what it may do.
 */
export default function Tryout() {
  const { t } = useTranslation('tryout')
  const s = useStyles()
  const doc = useFetch<OpenApiDocument>('/api/openapi.json', undefined, { silent: true })
  const routes = useMemo(() => tryRoutes(doc.data), [doc.data])
  const [filter, setFilter] = useState('')
  const [chosen, setChosen] = useState<string>()
  if (doc.isError)
    return (
      <div className={s.root}>
        <Title3 as="h1">{t('title')}</Title3>
        <MessageBar intent="warning">
          <MessageBarBody>{t('noDocument')}</MessageBarBody>
        </MessageBar>
      </div>
    )
  if (!doc.data) return <Loading />
  const matching = routes.filter((r) => r.key.toLowerCase().includes(filter.trim().toLowerCase()))
  const route = routes.find((r) => r.key === chosen)
  return (
    <div className={s.root} data-testid="tryout">
      <Title3 as="h1">{t('title')}</Title3>
      <Body1>{t('intro')}</Body1>
      <MessageBar intent="info">
        <MessageBarBody>{t('asYou')}</MessageBarBody>
      </MessageBar>
      <Field label={t('filter')}>
        <Input
          contentBefore={<SearchRegular />}
          value={filter}
          onChange={(_, d) => setFilter(d.value)}
          data-testid="tryout-filter"
        />
      </Field>
      <Field label={t('route')} hint={t('matches', { count: matching.length })}>
        <Select value={chosen ?? ''} onChange={(_, d) => setChosen(d.value || undefined)} data-testid="tryout-route">
          <option value="">{t('choose')}</option>
          {matching.slice(0, SHOWN).map((r) => (
            <option key={r.key} value={r.key}>
              {r.key}
            </option>
          ))}
        </Select>
      </Field>
      {route && <RouteForm key={route.key} route={route} />}
    </div>
  )
}
