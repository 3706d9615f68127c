import { parseArgs } from 'node:util';
import { ZEmail, ZPassword, ZUsername } from '@fieldbook/core';
import { createAuthService } from '../areas/auth/auth.service.js';
import { joinCompany } from '../areas/companies/index.js';
import { loadConfig } from '../config.js';
import { DataDirLockedError } from '../platform/data-lock.js';
import { openDeps } from '../open-deps.js';

// npm run user:create -- --username U --password P --email E [--super]
async function main() {
  const { values } = parseArgs({
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      email: { type: 'string' },
      name: { type: 'string' },
      surname: { type: 'string' },
      super: { type: 'boolean', default: false },
    },
  });
  const username = ZUsername.safeParse(values.username ?? '');
  const password = ZPassword.safeParse(values.password ?? '');
  const email = ZEmail.safeParse(values.email ?? '');
  const bad = [
    !username.success && `--username ${username.error?.issues[0]?.message}`,
    !password.success && `--password ${password.error?.issues[0]?.message}`,
    !email.success && `--email ${email.error?.issues[0]?.message}`,
  ].filter(Boolean);
  if (bad.length || !username.success || !password.success || !email.success) {
    console.error(
      `Usage: npm run user:create -- --username U --password P --email E [--super]\n${bad.join('\n')}`,
    );
    process.exit(2);
  }
  const deps = await openDeps(loadConfig(), 'npm run user:create');
  try {
    const user = await createAuthService(deps, joinCompany).createUser({
      username: username.data,
      password: password.data,
      email: email.data,
      name: values.name,
      surname: values.surname,
      rank: values.super ? 'super' : null,
    });
    console.log(`Created active user "${user.username}"${values.super ? ' (rank super)' : ''}.`);
  } finally {
    await deps.database.close();
    deps.release();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof DataDirLockedError ? e.message : e instanceof Error ? e.message : e);
  process.exit(1);
});
