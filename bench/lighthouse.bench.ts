/**
 * Lighthouse (12.2.3, the last that runs on Node 20) with Debian's Chromium on the built product with its
 * demo data, signed in as the demo admin (the session cookie sent with every request): the home page, a
 * list, a form and the GGR report, with the desktop preset. Prints the performance and accessibility
 * scores; issue 16 asks for performance ≥ 95, issue 17 for accessibility 100 on the home page and the
 * GGR report, with the metrics that make the performance score. Needs the build (`npm run bench` makes it).
 */
import { existsSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { httpTransport, signInThrough, TestBrowser } from '../apps/server/src/test/browser';
import { CHROMIUM_ARGS } from '../e2e/support/chromium';
import { root, startProduct } from '../e2e/support/product';

const CHROMIUM_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'list: jurisdictions', path: '/masterdata/jurisdictions' },
  { name: 'form: new jurisdiction', path: '/masterdata/jurisdictions/create' },
  { name: 'GGR report', path: '/reporting/ggr-report' },
];

export async function run(): Promise<void> {
  const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(`${root}/apps/web/dist/index.html`) || !existsSync(chromePath)) {
    console.log('\nLighthouse: skipped (needs `npm run build` and Chromium at CHROMIUM_PATH)');
    return;
  }
  const product = await startProduct();
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROMIUM_FLAGS });
  try {
    const browser = new TestBrowser(httpTransport, product.baseUrl);
    await signInThrough(browser, 'admin@backoffice.local', 'demo-admin-password');
    const session = browser.cookie('bo_session');
    if (!session) throw new Error('the demo admin could not sign in');
    console.log('\nLighthouse, desktop preset, signed in as the demo admin (scores 0–100)');
    const metrics = [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
    ];
    console.log(
      `  ${'page'.padEnd(28)} ${'performance'.padStart(12)} ${'accessibility'.padStart(14)}   FCP · LCP · TBT · CLS`,
    );
    for (const page of PAGES) {
      const result = await lighthouse(
        `${product.baseUrl}${page.path}`,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          extraHeaders: { Cookie: `bo_session=${session}` },
        },
        desktopConfig,
      );
      const categories = result?.lhr.categories;
      const score = (id: 'performance' | 'accessibility') =>
        String(Math.round((categories?.[id]?.score ?? 0) * 100));
      const figures = metrics.map((id) => result?.lhr.audits[id]?.displayValue ?? '–').join(' · ');
      console.log(
        `  ${page.name.padEnd(28)} ${score('performance').padStart(12)} ${score('accessibility').padStart(14)}   ${figures}`,
      );
    }
  } finally {
    chrome.kill();
    await product.stop();
  }
}
