import type { Reporter, TestModule } from 'vitest/node'

/** Prints the closing line CI reads: `N passed, N failed` (a skipped test counts as failed in CI). */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, errors: ReadonlyArray<unknown>) {
    let passed = 0,
      failed = 0,
      skipped = 0
    for (const m of modules) {
      for (const t of m.children.allTests()) {
        const s = t.result().state
        if (s === 'passed') passed++
        else if (s === 'failed') failed++
        else skipped++
      }
      if (m.state() === 'failed' && ![...m.children.allTests()].length) failed++
    }
    failed += errors.length
    // A run that could not start (a broken setup) ran nothing: that is a failure, not a pass.
    if (passed + failed === 0) failed = 1
    if (process.env.CI && skipped) failed += skipped
    // Written after vitest's own summary so it is the last line.
    setTimeout(
      () =>
        process.stdout.write(
          `\n${passed} passed, ${failed} failed${skipped && !process.env.CI ? `, ${skipped} skipped` : ''}\n`,
        ),
      0,
    )
  }
}
