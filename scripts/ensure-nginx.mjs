// Makes sure nginx is there for the proxy journey (npm run test:proxy): NGINX_PATH
// or /usr/sbin/nginx; otherwise installs Debian's nginx when running as root, and
// otherwise stops with what to install. Only the journey starts it, on its own
// port and prefix; the package's own service is not used.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const wanted = process.env.NGINX_PATH || '/usr/sbin/nginx';
if (fs.existsSync(wanted)) process.exit(0);

if (process.env.NGINX_PATH) {
  console.error(`NGINX_PATH is set to ${wanted}, but there is no such file.`);
  process.exit(1);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error(
    'The proxy journey needs nginx and /usr/sbin/nginx is missing.\n' +
      'Install it with:  sudo apt-get install -y nginx\n' +
      'or point NGINX_PATH at an nginx binary.',
  );
  process.exit(1);
}

console.log('Installing Debian nginx with apt-get (one time)...');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
const run = (args) => spawnSync('apt-get', args, { stdio: 'inherit', env }).status === 0;
const install = ['install', '-y', '--no-install-recommends', 'nginx'];
if (!run(install) && !(run(['update']) && run(install))) {
  console.error('apt-get could not install nginx; install it yourself or set NGINX_PATH.');
  process.exit(1);
}
if (!fs.existsSync(wanted)) {
  console.error(`nginx was installed but ${wanted} is still missing; set NGINX_PATH.`);
  process.exit(1);
}
