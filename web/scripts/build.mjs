// Builds the app once per language into dist/: the default language's index.html and assets
// first (it empties dist/), then each other's index.{lang}.html and the assets that differ. The
// chunks without words (React, the API's runtime…) come out the same in every build and are
// written once. Every build carries the same build id.
import { execSync } from 'node:child_process';
import { build } from 'vite';

let commit = 'dev';
try {
  commit = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
} catch {
  // Not a git checkout: the time alone identifies the build.
}
process.env.BUILD_ID ??= `${commit}-${Date.now().toString(36)}`;
const logLevel = process.argv.includes('--quiet') ? 'warn' : 'info';
for (const language of ['zh-TW', 'vi', 'en']) {
  process.env.BUILD_LANGUAGE = language;
  await build({ logLevel });
}
