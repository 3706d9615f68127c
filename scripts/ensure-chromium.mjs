// Makes sure a Chromium is there for PDFs and browser tests: CHROMIUM_PATH or
// /usr/bin/chromium; otherwise installs Debian's chromium when running as
// root, and otherwise stops with what to install.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const wanted = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (fs.existsSync(wanted)) process.exit(0);

if (process.env.CHROMIUM_PATH) {
  console.error(`CHROMIUM_PATH is set to ${wanted}, but there is no such file.`);
  process.exit(1);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error(
    'Fieldbook needs Chromium (for PDFs and browser tests) and /usr/bin/chromium is missing.\n' +
      'Install it with:  sudo apt-get install -y chromium\n' +
      'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
  );
  process.exit(1);
}

console.log('Installing Debian chromium with apt-get (one time)...');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
const run = (args) => spawnSync('apt-get', args, { stdio: 'inherit', env }).status === 0;
if (!run(['install', '-y', '--no-install-recommends', 'chromium'])) {
  if (!run(['update']) || !run(['install', '-y', '--no-install-recommends', 'chromium'])) {
    console.error('apt-get could not install chromium; install it yourself or set CHROMIUM_PATH.');
    process.exit(1);
  }
}
if (!fs.existsSync(wanted)) {
  console.error(`chromium was installed but ${wanted} is still missing; set CHROMIUM_PATH.`);
  process.exit(1);
}
