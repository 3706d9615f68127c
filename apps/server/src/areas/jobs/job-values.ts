import { MAX_JOB_IMAGES, type TComponent, type TComponentValue } from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import { isUuid } from '../../platform/access.js';
import { badField } from '../../platform/errors.js';
import { companyFileIds } from '../files/index.js';
import { FILE_TYPES, VALUE_TYPES, type JobView } from './job-access.js';

type Values = Record<string, TComponentValue>;

/**
 * The job's values after a save: the stored ones, with the body's value for
 * each component of the type the member may change (hidden and view-only
 * ones keep what is stored; a prop the type does not have is ignored; null
 * or '' clears a value).
 */
export function mergeValues(
  components: TComponent[],
  stored: Values,
  given: Values | undefined,
  view: Pick<JobView, 'locked'>,
): Values {
  const out: Values = { ...stored };
  if (!given) return out;
  for (const c of components) {
    if (!VALUE_TYPES.has(c.type) || view.locked.has(c.prop) || !Object.hasOwn(given, c.prop))
      continue;
    const v = given[c.prop]!;
    if (v === null || v === '') delete out[c.prop];
    else out[c.prop] = v;
  }
  return out;
}

const same = (a: TComponentValue | undefined, b: TComponentValue | undefined) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * Each changed value is of its component's kind: a switch is on or off, a
 * select one of its options, an image list at most 69 files (1 without
 * allowMultiImages), a signature one file, and every file one of this
 * company's uploaded to this job (or to no job). A 400 names `values.<prop>`.
 */
export async function checkValues(
  tx: Tx,
  companyId: string,
  components: TComponent[],
  stored: Values,
  values: Values,
  view: Pick<JobView, 'flags'>,
  /** The job saved; null while it is created. */
  jobId: string | null = null,
): Promise<void> {
  const fileIds = new Map<string, string[]>();
  for (const c of components) {
    const v = values[c.prop];
    if (!VALUE_TYPES.has(c.type) || v === undefined || same(v, stored[c.prop])) continue;
    const field = `values.${c.prop}`;
    const wrong = () => badField(field, `is not a value for a ${c.type} field`);
    if (c.type === 'switch') {
      if (typeof v !== 'boolean') throw wrong();
    } else if (c.type === 'images') {
      if (!Array.isArray(v)) throw wrong();
      const most = view.flags.get(c.prop)?.allowMultiImages ? MAX_JOB_IMAGES : 1;
      if (v.length > most)
        throw badField(field, `may hold at most ${most} image${most === 1 ? '' : 's'}`);
      fileIds.set(field, v);
    } else if (FILE_TYPES.has(c.type)) {
      if (typeof v !== 'string') throw wrong();
      fileIds.set(field, [v]);
    } else if (typeof v !== 'string' && !(c.type === 'text' && typeof v === 'number')) {
      throw wrong();
    } else if (c.type === 'select' && c.options.length && !c.options.includes(String(v))) {
      throw badField(field, 'is not one of its options');
    }
  }
  const all = [...new Set([...fileIds.values()].flat())];
  if (all.some((id) => !isUuid(id))) {
    const field = [...fileIds].find(([, ids]) => ids.some((id) => !isUuid(id)))![0];
    throw badField(field, 'is not a file of this company');
  }
  const mine = new Set(await companyFileIds(tx, companyId, all, jobId));
  for (const [field, ids] of fileIds)
    if (ids.some((id) => !mine.has(id))) throw badField(field, 'is not a file of this company');
}
