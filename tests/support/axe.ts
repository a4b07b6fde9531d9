/**
 * axe-core in the browser under test: injects the library into the page and
 * answers the serious and critical WCAG violations of what is on screen now.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const source = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

export interface AxeViolation {
  id: string
  impact: string
  help: string
  targets: string[]
  html: string[]
}

/**
 * Puts axe-core into the page once. Evaluated through the browser's debugging protocol, not as a <script> tag:
 * the appliance's Content-Security-Policy (script-src 'self') rightly refuses an inline script.
 */
export async function injectAxe(page: Page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(source)
}

export async function seriousViolations(page: Page, include?: string): Promise<AxeViolation[]> {
  // A dialog fades in: measured mid-animation its text is grey on grey (3.2:1) and axe reports a contrast failure
  // no one ever sees. Let every finite animation finish first (spinners run forever and are left alone).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  )
  await injectAxe(page)
  return page.evaluate(async (scope) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: unknown,
            opts: unknown,
          ) => Promise<{
            violations: {
              id: string
              impact: string
              help: string
              nodes: { target: string[]; html: string; failureSummary?: string }[]
            }[]
          }>
        }
      }
    ).axe
    // Fluent's focus management (tabster) puts aria-hidden focus sentinels (<i data-tabster-dummy>) at the edges of
    // focus groups; focus landing on one is moved on at once, so no one ever stays on it. axe cannot know that.
    const result = await axe.run(
      { include: [scope ?? 'html'], exclude: [['[data-tabster-dummy]']] },
      {
        resultTypes: ['violations'],
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      },
    )
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(' ')),
        html: v.nodes.map((n) => n.html.slice(0, 300) + ' :: ' + (n.failureSummary ?? '').slice(0, 300)),
      }))
  }, include)
}

/** A readable list for an assertion message. */
export const describeViolations = (vs: AxeViolation[]) =>
  vs.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.html.slice(0, 6).join('\n     ')}`).join('\n')
