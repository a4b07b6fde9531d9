import React from 'react'
import { render } from 'ink'
import { ApiError } from '../server/lib/errors.ts'
import { t } from '../server/lib/messages.ts'
import { uniqueConflict } from '../server/lib/unique.ts'
import { cliLang } from './lang.ts'
import { Failure, Success } from './views/Message.tsx'

/**
 * Every command answers either as JSON on stdout (--json, for scripts) or as
 * an ink view for people. Errors exit non-zero in both forms.
 */
export async function show(json: boolean, data: unknown, view: () => React.ReactElement) {
  if (json) process.stdout.write(`${JSON.stringify(data)}\n`)
  else {
    const app = render(view())
    app.unmount()
  }
}

export const done = (json: boolean, data: unknown, text: string) =>
  show(json, data, () => React.createElement(Success, { text }))

export function fail(json: boolean, err: unknown): never {
  // The server may have taken the value between the command's check and its write: the same 409 as the app's.
  const e = uniqueConflict(err) ?? err
  const message = e instanceof ApiError ? t(cliLang(), e.key, e.params) : e instanceof Error ? e.message : String(e)
  const field = e instanceof ApiError ? e.field : undefined
  if (json)
    process.stdout.write(
      `${JSON.stringify({ error: message, ...(field ? { field } : {}), code: e instanceof ApiError ? e.status : 1 })}\n`,
    )
  else {
    const app = render(React.createElement(Failure, { text: message }))
    app.unmount()
  }
  process.exit(1)
}
