import { describe, expect, it } from 'vitest';
import { JOB_PLACEHOLDERS, fillPlaceholders } from './placeholders.js';

describe('fillPlaceholders', () => {
  it('offers the job, client and company placeholders', () => {
    expect(JOB_PLACEHOLDERS).toEqual([
      'jobNumber',
      'jobType',
      'status',
      'fault',
      'resolution',
      'startDate',
      'endDate',
      'assignee',
      'clientName',
      'clientSurname',
      'companyName',
      'companyPhone',
    ]);
  });

  it('fills every placeholder it offers', () => {
    const values = Object.fromEntries(JOB_PLACEHOLDERS.map((k) => [k, `<${k}>`]));
    const text = JOB_PLACEHOLDERS.map((k) => `{${k}}`).join(' ');
    expect(fillPlaceholders(text, values)).toBe(JOB_PLACEHOLDERS.map((k) => `<${k}>`).join(' '));
  });

  it('takes {x}, { x }, {{x}} and {{ x }}, each time they occur', () => {
    const values = { jobNumber: 'J-7', clientName: 'Ann' };
    expect(
      fillPlaceholders(
        'Job {jobNumber} for {{ clientName }}: {{jobNumber}}, { jobNumber }.',
        values,
      ),
    ).toBe('Job J-7 for Ann: J-7, J-7.');
    expect(fillPlaceholders('{{  jobNumber\t}}', values)).toBe('J-7');
  });

  it('keeps unknown names and what is not a placeholder as written', () => {
    const values = { jobNumber: 'J-7' };
    expect(fillPlaceholders('{foo} {{ bar }} {job1} {} {{}} {constructor}', values)).toBe(
      '{foo} {{ bar }} {job1} {} {{}} {constructor}',
    );
    expect(fillPlaceholders('{JobNumber} jobNumber', values)).toBe('{JobNumber} jobNumber');
  });

  it('fills a known placeholder without a value with nothing', () => {
    expect(fillPlaceholders('Dear {clientName} {clientSurname},', { clientName: 'Ann' })).toBe(
      'Dear Ann ,',
    );
  });

  it('puts values in as plain text, not as patterns', () => {
    expect(fillPlaceholders('{fault}', { fault: '$& <b>{status}</b>' })).toBe('$& <b>{status}</b>');
  });
});
