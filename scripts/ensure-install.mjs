// Runs before `npm start` and `npm test`: installs what is missing, so both work on a
// fresh clone. npm packages come from the lockfile; for tests, Chromium comes from Debian.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';

const run = (cmd) => execSync(cmd, { stdio: 'inherit' });
const installed = 'node_modules/.package-lock.json';
const stale =
  !existsSync(installed) ||
  statSync('package-lock.json').mtimeMs > statSync(installed).mtimeMs + 1000;

function nativeOk() {
  try {
    const require = createRequire(new URL('../apps/server/package.json', import.meta.url));
    const Database = require('better-sqlite3');
    new Database(':memory:').close();
    return true;
  } catch {
    return false;
  }
}

if (stale) {
  console.log(
    'earshot: installing npm packages (better-sqlite3 compiles from source; this takes a minute or two)…',
  );
  run(
    existsSync('node_modules') ? 'npm install --no-audit --no-fund' : 'npm ci --no-audit --no-fund',
  );
} else if (!nativeOk()) {
  console.log('earshot: building better-sqlite3…');
  run('npm rebuild better-sqlite3');
}

if (process.env.npm_lifecycle_event === 'pretest') {
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    if (process.getuid?.() === 0) {
      console.log('earshot: installing Chromium from Debian for the end-to-end tests…');
      run('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium');
    } else {
      console.error(
        `earshot: the end-to-end tests need Chromium at ${chromium}: run "sudo apt-get install chromium" or set CHROMIUM_PATH.`,
      );
      process.exit(1);
    }
  }
  // The sign sheets' tests read their PDFs with poppler's pdfinfo and pdftotext.
  if (!existsSync('/usr/bin/pdftotext')) {
    if (process.getuid?.() === 0) {
      console.log('earshot: installing poppler-utils from Debian for the PDF tests…');
      run(
        'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils',
      );
    } else {
      console.error(
        'earshot: the PDF tests need poppler: run "sudo apt-get install poppler-utils".',
      );
      process.exit(1);
    }
  }
}
