// Makes sure a Chromium is there for PDFs and browser tests: CHROMIUM_PATH or
// /usr/bin/chromium; otherwise installs Debian's chromium when running as
// root, and otherwise stops with what to install.
//
// With --headless-shell (the test command), also Debian's chromium-headless-shell
// for the browser journeys when running as root: the same engine without the
// desktop browser's display pipeline, about a quarter less CPU per journey
// (e2e/support/browser.ts). Without it the journeys use Chromium itself.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const wanted = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const packages = [];
if (!fs.existsSync(wanted)) {
  if (process.env.CHROMIUM_PATH) {
    console.error(`CHROMIUM_PATH is set to ${wanted}, but there is no such file.`);
    process.exit(1);
  }
  packages.push('chromium');
}
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const shellWanted =
  process.argv.includes('--headless-shell') &&
  !process.env.E2E_CHROMIUM_PATH &&
  !fs.existsSync(HEADLESS_SHELL);
if (shellWanted && isRoot) packages.push('chromium-headless-shell');
if (packages.length === 0) process.exit(0);

if (!isRoot) {
  console.error(
    'Fieldbook needs Chromium (for PDFs and browser tests) and /usr/bin/chromium is missing.\n' +
      'Install it with:  sudo apt-get install -y chromium\n' +
      'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
  );
  process.exit(1);
}

const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
const run = (args) => spawnSync('apt-get', args, { stdio: 'inherit', env }).status === 0;
let updated = false;
/** Installs one package, updating the package lists once if the first try fails. */
function install(name) {
  console.log(`Installing Debian ${name} with apt-get (one time)...`);
  const args = ['install', '-y', '--no-install-recommends', name];
  if (run(args)) return true;
  if (updated) return false;
  updated = true;
  return run(['update']) && run(args);
}
for (const name of packages) {
  if (install(name)) continue;
  // The headless shell is a saving, not a need: the journeys fall back to chromium.
  if (name === 'chromium-headless-shell') {
    console.error('apt-get could not install chromium-headless-shell; the journeys use chromium.');
    continue;
  }
  console.error('apt-get could not install chromium; install it yourself or set CHROMIUM_PATH.');
  process.exit(1);
}
if (!fs.existsSync(wanted)) {
  console.error(`chromium was installed but ${wanted} is still missing; set CHROMIUM_PATH.`);
  process.exit(1);
}
