import { useState } from 'react';
import type { TComponent, TComponentFlags, TTax } from '@fieldbook/core';
import { DynamicForm } from '../../../ui/dynamic-form/dynamic-form';
import { emptyDiscount, type DynamicValues } from '../../../ui/dynamic-form/form-values';

/** The kinds the preview draws with the job form's own fields (issue 19 C8). */
export const LIVE_PREVIEW_TYPES: ReadonlySet<TComponent['type']> = new Set([
  'switch',
  'signiture',
  'userSigniture',
]);

const NO_TAX: TTax = {
  hasTax: false,
  tD: '',
  tV: 0,
  inc1: false,
  duc1: false,
  hasSecondTax: false,
  t2D: '',
  t2V: 0,
  inc2: false,
  duc2: false,
};

const nothingStored = () => Promise.reject(new Error('The preview stores nothing'));

/**
 * One field drawn by the job form's DynamicForm (a switch that flips, a
 * signature pad to draw on), with values of its own that are never saved.
 */
export function PreviewField({ c, flags }: { c: TComponent; flags: Required<TComponentFlags> }) {
  const [values, setValues] = useState<DynamicValues>(() => ({
    entityId: '',
    clientName: '',
    assignedUsers: [],
    lineItems: [],
    discount: emptyDiscount(),
    values: {},
  }));
  return (
    <DynamicForm
      components={[c]}
      flagsOf={() => ({ ...flags, hide: false })}
      values={values}
      onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
      jobId="preview"
      invoiceId={null}
      documentPath={() => null}
      upload={nothingStored}
      readOnly={false}
      tax={NO_TAX}
      members={[]}
      errors={{}}
    />
  );
}
