import {
  INVALID_NUMBER,
  counterScope,
  generateNumber,
  numberPrefix,
  parseNumber,
  type NumberKind,
} from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import { badField } from '../../platform/errors.js';
import * as repo from './invoices.repo.js';

/** What numbering needs of a company. */
export interface NumberingCompany {
  id: string;
  numbering: string;
}

/** Collisions in a row before looking up the highest number taken, rather than stepping one by one. */
const STEPS_BEFORE_JUMP = 10;

/**
 * The next free number of `kind` for the company's preset on `date`
 * (YYYY-MM-DD), inside the caller's transaction (DECISIONS §4). The counter
 * comes from an upsert on number_counters, which holds the counter's row lock
 * until commit; a number already taken (say by an imported invoice) is
 * skipped, "incremented until unique".
 */
export async function allocateNumber(
  tx: Tx,
  company: NumberingCompany,
  kind: NumberKind,
  date: string,
): Promise<string> {
  const preset = company.numbering;
  const scope = counterScope(preset, date);
  for (let attempt = 1; ; attempt++) {
    const counter = await repo.nextCounter(tx, company.id, kind, scope);
    const number = generateNumber(preset, kind, date, counter);
    if (number === INVALID_NUMBER) throw badField('numbering', 'is not a known numbering scheme');
    if (!(await repo.isNumberTaken(tx, company.id, kind, number))) return number;
    if (attempt % STEPS_BEFORE_JUMP === 0) {
      // Many taken in a row (an import of old numbers): jump past the highest one.
      const taken = await repo.numbersStartingWith(
        tx,
        company.id,
        kind,
        numberPrefix(preset, kind, date),
      );
      let highest = 0;
      for (const n of taken) {
        const p = parseNumber(preset, kind, n);
        if (p && p.scope === scope && p.counter > highest) highest = p.counter;
      }
      await repo.raiseCounter(tx, company.id, kind, scope, highest);
    }
  }
}
