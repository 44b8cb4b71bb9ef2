// Prints one closing line over the JSON reports of the unit run and the e2e runs (one per database engine,
// tools/run-e2e.mjs): "tests: N passed, N failed, N skipped". A run that did not succeed without a failed
// test (its global setup failed, say) is named and fails the summary too.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const e2eReports = existsSync('reports')
  ? readdirSync('reports')
      .filter((name) => /^e2e(-[\w-]+)?\.json$/.test(name))
      .sort()
      .map((name) => `reports/${name}`)
  : [];

let passed = 0;
let failed = 0;
let skipped = 0;
const broken = [];
for (const file of ['reports/unit.json', ...e2eReports]) {
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
  if (report.success === false && report.numFailedTests === 0) broken.push(file);
}
const runs = e2eReports.map((file) => file.replace(/^reports\/e2e-?|\.json$/g, '') || 'e2e');
console.log(
  `tests: ${passed} passed, ${failed} failed, ${skipped} skipped` +
    (runs.length > 0 ? ` (browser tests on ${runs.join(' and ')})` : '') +
    (broken.length > 0 ? `; did not complete: ${broken.join(', ')}` : ''),
);
process.exit(failed > 0 || broken.length > 0 ? 1 : 0);
