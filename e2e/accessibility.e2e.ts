/**
 * Accessibility (issue 17, WCAG 2.2 AA): axe-core runs in Chromium on every screen of the product — each
 * list and form, a record of each kind, the reports, the sign-in page — signed in as the demo admin, and the
 * suite fails on any critical or serious violation.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { screenPatterns } from '@backoffice/contracts/routes';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { skipReason, useBrowser } from './support/browser';

/** axe-core's source: evaluated through the DevTools protocol, which the page's CSP does not govern. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string; failureSummary?: string }[];
}

/** The critical and serious findings of axe on the page as it is now. */
async function violationsOn(page: Page): Promise<Violation[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (options: object) => Promise<{ violations: Violation[] }> } }
    ).axe;
    const result = await axe.run({
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, html: n.html, failureSummary: n.failureSummary })),
    }));
  });
  return violations.filter((violation) => violation.impact === 'critical' || violation.impact === 'serious');
}

describe.skipIf(!!skipReason)('accessibility', () => {
  const browser = useBrowser();

  it('finds no critical or serious violation on any screen', async () => {
    const page = await browser.open({ language: 'de' });
    const firstId = async (list: string, field = 'id') => {
      const response = await page.request.get(`${list}?pageSize=1`);
      const body = (await response.json()) as { items: Record<string, string>[] };
      return body.items[0]?.[field];
    };
    await page.goto('/');
    const records = [
      ['/masterdata/jurisdictions', '/api/jurisdictions'],
      ['/casinos/manage', '/api/casinos'],
      ['/games/manage', '/api/games', 'gameId'],
      ['/games/versions', '/api/game-versions'],
      ['/integrations/manage', '/api/integrations'],
      ['/bridges/manage', '/api/bridges'],
      ['/users/manage', '/api/users'],
    ] as const;
    const details: string[] = [];
    for (const [screen, list, field] of records) {
      const id = await firstId(list, field);
      expect(id, list).toBeTruthy();
      details.push(`${screen}/${encodeURIComponent(id!)}`);
    }
    const screens = [
      ...screenPatterns.filter((pattern) => !pattern.includes(':') && pattern !== '/logout'),
      ...details,
    ];
    const found: string[] = [];
    for (const path of screens) {
      await page.goto(path);
      await page.getByTestId('user-area').waitFor();
      await page.waitForLoadState('networkidle');
      for (const violation of await violationsOn(page)) {
        found.push(
          `${path}: ${violation.impact} ${violation.id} (${violation.nodes.length}) ${violation.help} e.g. ${violation.nodes[0]?.html.slice(0, 200)}: ${(violation.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300)}`,
        );
      }
    }
    console.log(found.join('\n'));
    expect(found).toEqual([]);
  }, 300_000);

  it('finds no critical or serious violation on the sign-in page', async () => {
    const page = await browser.open({ role: null, language: 'de' });
    await page.goto('/auth/login');
    await page.locator('#email').waitFor();
    const found = (await violationsOn(page)).map(
      (violation) =>
        `${violation.id}: ${violation.nodes[0]?.html.slice(0, 200)} ${violation.nodes[0]?.failureSummary}`,
    );
    expect(found).toEqual([]);
  });
});
