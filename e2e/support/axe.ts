/** axe-core in Chromium: what it finds on a page as it is now, for the suites that check accessibility. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's source: evaluated through the DevTools protocol, which the page's CSP does not govern. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.2 A and AA, and axe's best practices. */
const STANDARDS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Part of a page and some rules, where a check is narrower than the whole page and every standard. */
export interface AxeScope {
  /** A CSS selector of the part to check. */
  include: string;
  /** axe's rule ids. */
  rules: string[];
}

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { html: string; failureSummary?: string }[];
}

/**
 * axe's findings on the page as it is now, whatever their impact, one line each: where, what, how many
 * elements, and the first of them with what is wrong with it. No finding gives an empty list.
 */
export async function findingsOn(page: Page, where: string, scope?: AxeScope): Promise<string[]> {
  // Until a dialog or drawer has faded in: axe measures colours as they are painted, half-transparent
  // while it fades. (A spinner's animation never ends, and is not waited for.)
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
  await page.evaluate(axeSource);
  const violations = await page.evaluate(
    async ({ scope, standards }) => {
      const axe = (
        window as unknown as {
          axe: { run: (context: object, options: object) => Promise<{ violations: Violation[] }> };
        }
      ).axe;
      const result = await axe.run(
        scope ? { include: [[scope.include]] } : document,
        scope
          ? { runOnly: { type: 'rule', values: scope.rules } }
          : { runOnly: { type: 'tag', values: standards } },
      );
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({ html: n.html, failureSummary: n.failureSummary })),
      }));
    },
    { scope, standards: STANDARDS },
  );
  return violations.map((violation) => {
    const [first] = violation.nodes;
    const summary = (first?.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300);
    return `${where}: ${violation.impact} ${violation.id} (${violation.nodes.length}) ${violation.help} e.g. ${first?.html.slice(0, 200)}: ${summary}`;
  });
}
