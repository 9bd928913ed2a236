// axe-core in the page (WCAG 2.0/2.1/2.2 A and AA): a screen fails on any serious or critical
// violation, and on the structure rules the product holds itself to whatever axe's impact
// (one h1, heading order, named table headers). Violations print as one readable block.
//
// axe runs in the page itself (axe.run), injected once per document: @axe-core/playwright's
// AxeBuilder injects it again on every audit and finishes each run in a freshly opened blank
// page, which made the audits a third of the browser suite's time. The app has no iframes.
import { appendFileSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

type Violation = AxeResults['violations'][number];

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** Best-practice rules that are not in the WCAG tags (or are marked experimental) but that we enforce. */
const EXTRA_RULES = ['label-content-name-mismatch', 'page-has-heading-one', 'heading-order', 'empty-table-header'];

const FAILING_IMPACTS = new Set(['serious', 'critical']);

export function isFailing(v: Violation): boolean {
  return FAILING_IMPACTS.has(v.impact ?? '') || EXTRA_RULES.includes(v.id);
}

const RUN_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: WCAG_TAGS },
  rules: Object.fromEntries(EXTRA_RULES.map((id) => [id, { enabled: true }])),
  resultTypes: ['violations'],
};

export async function a11yViolations(page: Page, options: { exclude?: string[] } = {}): Promise<Violation[]> {
  // Through the DevTools protocol, so the page's CSP does not apply; kept until the page navigates.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    ({ exclude, runOptions }) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const context = exclude.length > 0 ? { include: [document], exclude: exclude.map((s) => [s]) } : document;
      return axe.run(context as Parameters<typeof axe.run>[0], runOptions);
    },
    { exclude: options.exclude ?? [], runOptions: RUN_OPTIONS },
  );
  return results.violations;
}

export function formatViolations(screen: string, violations: Violation[]): string {
  const lines = [`axe: ${violations.length} failing rule(s) on ${screen}`];
  for (const v of violations) {
    lines.push(`  [${v.impact ?? '?'}] ${v.id}: ${v.help} (${v.nodes.length} element(s))`);
    for (const node of v.nodes.slice(0, 5)) {
      lines.push(`    - ${node.target.join(' ')}  ${node.html.replace(/\s+/g, ' ').slice(0, 160)}`);
      const summary = (node.failureSummary ?? '').split('\n').slice(1, 3).join(' ').trim();
      if (summary) lines.push(`      ${summary.slice(0, 240)}`);
    }
    if (v.nodes.length > 5) lines.push(`    … and ${v.nodes.length - 5} more`);
  }
  return lines.join('\n');
}

/**
 * Audits the page as it is now and fails (softly: the test goes on to the next screen) on any
 * serious or critical violation. With A11Y_REPORT set, appends one JSON line per screen.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  screen: string,
  options: { exclude?: string[] } = {},
): Promise<void> {
  // Colours measured mid-transition (a dialog fading in, a label moving) are blends that no one
  // reads: audit the screen as it settles.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          // Spinners loop forever; only what ends is waited for.
          .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
  const failing = (await a11yViolations(page, options)).filter(isFailing);
  const viewport = page.viewportSize();
  const label = viewport ? `${screen} @${viewport.width}×${viewport.height}` : screen;
  if (process.env.A11Y_REPORT) {
    const rules = failing.map((v) => `${v.id}:${v.impact ?? '?'}:${v.nodes.length}`);
    appendFileSync(
      process.env.A11Y_REPORT,
      `${JSON.stringify({ screen, width: viewport?.width, count: failing.length, rules })}\n`,
    );
  }
  const report = failing.length === 0 ? '' : formatViolations(label, failing);
  if (report) console.log(report);
  expect.soft(report, `accessibility of ${label}`).toBe('');
}
