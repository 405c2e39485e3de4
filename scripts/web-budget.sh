#!/usr/bin/env bash
# The web budget, measured on the real server (release build, SQLite, demo catalogue): Lighthouse
# (mobile, its default simulated throttling) on the home page, a category page and an order step,
# three runs a page (the median counts), and the JavaScript the home page loads as transferred
# (compressed). Prints a Markdown table;
# fails when a score is under 90 or the home page's JavaScript is over 150 KB.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

need_toolchains
web_deps
browser_deps
step "building the web app and the server (release)"
(cd web && npm run --silent build)
# The same set as scripts/bench.sh builds, so the two share one release build.
cargo build --release --locked -p app --bin booking -p bench

serve_scratch target/release/booking

step "Lighthouse 13.5 (mobile) in Debian's Chromium, three runs a page, the median counts"
printf '| page | performance | accessibility | best practices | JavaScript transferred |\n|---|--:|--:|--:|--:|\n'
failed=0
for page in / /category/shuttle "/order/shuttle/step1?plan=shuttle-sgn-4"; do
  for run in 1 2 3; do
    CHROME_PATH=/usr/bin/chromium npx --yes lighthouse@13.5.0 "$base$page" --quiet \
      --only-categories=performance,accessibility,best-practices \
      --chrome-flags="--headless=new --no-sandbox --disable-gpu --no-first-run --disable-background-networking --disable-component-update --disable-sync" \
      --output=json --output-path="$scratch/report-$run.json" >/dev/null 2>&1
  done
  node - "$page" "$scratch"/report-{1,2,3}.json <<'JS' || failed=1
// Lighthouse varies from run to run; its authors advise the median of several runs.
const [page, ...files] = process.argv.slice(2);
const reports = files.map((f) => JSON.parse(require('node:fs').readFileSync(f, 'utf8')));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const cell = (c) => {
  const xs = reports.map((r) => Math.round(r.categories[c].score * 100));
  return { median: median(xs), text: `${median(xs)} (${Math.min(...xs)}–${Math.max(...xs)})` };
};
const cells = ['performance', 'accessibility', 'best-practices'].map(cell);
const scripts = reports[0].audits['network-requests'].details.items.filter((i) => i.resourceType === 'Script');
const kb = scripts.reduce((sum, i) => sum + i.transferSize, 0) / 1024;
console.log(`| ${page} | ${cells.map((c) => c.text).join(' | ')} | ${kb.toFixed(1)} KB in ${scripts.length} files |`);
process.exit(cells.some((c) => c.median < 90) || (page === '/' && kb >= 150) ? 1 : 0);
JS
done
[ "$failed" = 0 ] || die "the web budget is not met (above)"
