/**
 * How Debian's Chromium is started for the browser tests and the Lighthouse bench: no sandbox (containers),
 * no GPU, no background traffic of its own that would count in what a page fetches.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
