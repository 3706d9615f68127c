import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layering the lint enforces (docs/architecture.md), checked on small
// files put where the rule would meet them.
const root = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: root, overrideConfigFile: process.env.ARCH_ESLINT_CONFIG });

async function refused(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the server layering lint', () => {
  it('lets only *.repo.ts files and db/ import Drizzle and the schema', async () => {
    const code =
      "import { eq } from 'drizzle-orm';\nimport { invoices } from '../../../db/schema/index.js';\n";
    expect(await refused('apps/server/src/areas/invoices/invoices.service.ts', code)).toHaveLength(
      2,
    );
    expect(await refused('apps/server/src/platform/queue.ts', code)).toHaveLength(2);
    expect(await refused('apps/server/src/areas/invoices/invoices.repo.ts', code)).toEqual([]);
    expect(await refused('apps/server/src/platform/queue.repo.ts', code)).toEqual([]);
  });

  it('keeps every area out of the platform', async () => {
    const code = "import { getCompany } from '../../areas/companies/index.js';\n";
    expect(await refused('apps/server/src/platform/deps-factory.ts', code)).toHaveLength(1);
    expect(await refused('apps/server/src/platform/sessions.repo.ts', code)).toHaveLength(1);
  });

  it('lets an area use another only through its face, never the composition root', async () => {
    const file = 'apps/server/src/areas/delivery/delivery.service.ts';
    expect(
      await refused(file, "import { getCompany } from '../companies/companies.repo.js';\n"),
    ).toHaveLength(1);
    expect(await refused(file, "import { getCompany } from '../companies/index.js';\n")).toEqual(
      [],
    );
    expect(await refused(file, "import * as repo from './delivery.repo.js';\n")).toEqual([]);
    expect(await refused(file, "import type { App } from '../../app.js';\n")).toHaveLength(1);
    expect(await refused(file, "import { access } from '../../platform/access.js';\n")).toEqual([]);
    const nested = 'apps/server/src/areas/templates/builtin/shipped.ts';
    expect(
      await refused(nested, "import { x } from '../../clients/clients.repo.js';\n"),
    ).toHaveLength(1);
    expect(await refused(nested, "import { x } from '../../clients/index.js';\n")).toEqual([]);
    expect(await refused(nested, "import { x } from '../templates.repo.js';\n")).toEqual([]);
  });
});

// One writing area per table: table-owners.test.ts.
