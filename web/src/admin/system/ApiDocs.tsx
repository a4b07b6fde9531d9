import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  Badge,
  Body1,
  Caption1,
  Input,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Title3,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { SearchRegular } from '@fluentui/react-icons'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { OpenApiDocument } from '../../../../server/api-types'
import { registerLocale } from '../../shared/i18n'
import { useFetch } from '../../shared/data'
import Loading from '../../shared/Loading'

registerLocale('apiDocs', {
  zh: {
    title: '接口文档',
    intro: '整个 /api 的 OpenAPI 3 文档（{{count}} 个接口）。',
    download: '文档地址：GET /api/openapi.json（信封的 data）',
    filter: '按路径筛选',
    parameters: '参数',
    body: '请求体',
    answer: '应答',
    name: '名称',
    in: '位置',
    schema: '类型',
    none: '无',
  },
  en: {
    title: 'API documentation',
    intro: 'The OpenAPI 3 document of the whole /api ({{count}} routes).',
    download: 'Document: GET /api/openapi.json (the envelope’s data)',
    filter: 'Filter by path',
    parameters: 'Parameters',
    body: 'Request body',
    answer: 'Answer',
    name: 'Name',
    in: 'In',
    schema: 'Type',
    none: 'None',
  },
})

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  op: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'center',
    fontFamily: tokens.fontFamilyMonospace,
    overflowWrap: 'anywhere',
  },
  // The method keeps its width when a long path wraps on a narrow screen.
  method: { flexShrink: 0, minWidth: '52px' },
  // One heading, then its content, per line: inline they ran together ("Parameters None Request body").
  panel: { display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: tokens.spacingVerticalXS },
  pre: {
    margin: 0,
    padding: tokens.spacingHorizontalS,
    background: tokens.colorNeutralBackground3,
    maxHeight: '320px',
    overflow: 'auto',
    fontSize: tokens.fontSizeBase200,
  },
})

type Operation = {
  tags?: string[]
  parameters?: { name: string; in: string; required?: boolean; schema?: { type?: string } }[]
  requestBody?: { content?: Record<string, { schema?: unknown }> }
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>
}

const schemaOf = (x?: { content?: Record<string, { schema?: unknown }> }) =>
  x?.content ? Object.values(x.content)[0]?.schema : undefined

/** The API documentation for platform administrators: every /api route with its parameters, body and answer. */
export default function ApiDocs() {
  const { t } = useTranslation('apiDocs')
  const s = useStyles()
  const { data: doc } = useFetch<OpenApiDocument>('/api/openapi.json')
  const [filter, setFilter] = useState('')
  const ops = useMemo(
    () =>
      Object.entries(doc?.paths ?? {}).flatMap(([path, methods]) =>
        Object.entries((methods ?? {}) as Record<string, Operation>).map(([method, op]) => ({ path, method, op })),
      ),
    [doc],
  )
  if (!doc) return <Loading />
  const shown = ops.filter((o) => o.path.toLowerCase().includes(filter.toLowerCase()))
  return (
    <div className={s.root} data-testid="api-docs">
      <Title3 as="h1">{t('title')}</Title3>
      <Body1>{t('intro', { count: ops.length })}</Body1>
      <Caption1>{t('download')}</Caption1>
      <Input
        contentBefore={<SearchRegular />}
        placeholder={t('filter')}
        aria-label={t('filter')}
        value={filter}
        onChange={(_, d) => setFilter(d.value)}
        data-testid="api-docs-filter"
      />
      <Accordion collapsible multiple>
        {shown.map(({ path, method, op }) => {
          const body = schemaOf(op.requestBody)
          const answer = schemaOf(op.responses?.['200'])
          return (
            <AccordionItem key={`${method} ${path}`} value={`${method} ${path}`}>
              <AccordionHeader>
                <span className={s.op}>
                  <Badge className={s.method} appearance="tint" color={method === 'get' ? 'brand' : 'important'}>
                    {method.toUpperCase()}
                  </Badge>
                  <span>{path}</span>
                </span>
              </AccordionHeader>
              <AccordionPanel className={s.panel} data-testid="api-docs-operation">
                <Caption1>{t('parameters')}</Caption1>
                {op.parameters?.length ? (
                  <Table size="small" aria-label={t('parameters')}>
                    <TableHeader>
                      <TableRow>
                        <TableHeaderCell>{t('name')}</TableHeaderCell>
                        <TableHeaderCell>{t('in')}</TableHeaderCell>
                        <TableHeaderCell>{t('schema')}</TableHeaderCell>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {op.parameters.map((p) => (
                        <TableRow key={`${p.in} ${p.name}`}>
                          <TableCell>
                            {p.name}
                            {p.required ? ' *' : ''}
                          </TableCell>
                          <TableCell>{p.in}</TableCell>
                          <TableCell>{p.schema?.type ?? ''}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                ) : (
                  <Body1>{t('none')}</Body1>
                )}
                {body !== undefined && (
                  <>
                    <Caption1>{t('body')}</Caption1>
                    <pre className={s.pre}>{JSON.stringify(body, null, 2)}</pre>
                  </>
                )}
                {answer !== undefined && (
                  <>
                    <Caption1>{t('answer')}</Caption1>
                    <pre className={s.pre}>{JSON.stringify(answer, null, 2)}</pre>
                  </>
                )}
              </AccordionPanel>
            </AccordionItem>
          )
        })}
      </Accordion>
    </div>
  )
}
