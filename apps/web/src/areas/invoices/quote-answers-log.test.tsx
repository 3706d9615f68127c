// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { TQuoteResponse } from '@fieldbook/core';
import { QuoteAnswersLog } from './quote-response-banner';

const answer = (kind: TQuoteResponse['kind'], at: string, text = ''): TQuoteResponse => ({
  kind,
  at,
  name: 'Lindiwe Zulu',
  poNumber: '',
  text,
  signature: null,
  termsAccepted: false,
  ip: '',
  userAgent: '',
});

afterEach(cleanup);

describe("the quote's log of answers", () => {
  it('lists every answer, oldest first, in the company zone', () => {
    render(
      <MantineProvider>
        <QuoteAnswersLog
          timeZone="Africa/Johannesburg"
          answers={[
            answer('changes', '2026-11-02T08:00:00Z', 'Please add a timer'),
            answer('declined', '2026-11-03T09:30:00Z', 'Too dear'),
          ]}
        />
      </MantineProvider>,
    );
    const items = within(screen.getByRole('list', { name: "The client's answers" })).getAllByRole(
      'listitem',
    );
    expect(items.map((i) => i.textContent)).toEqual([
      'Asked for changes by Lindiwe Zulu on 2 November 2026 at 10:00: Please add a timer',
      'Declined by Lindiwe Zulu on 3 November 2026 at 11:30: Too dear',
    ]);
  });

  it('shows nothing for one answer (the banner shows it) or none', () => {
    render(
      <MantineProvider>
        <QuoteAnswersLog timeZone="UTC" answers={[answer('declined', '2026-11-03T09:30:00Z')]} />
        <QuoteAnswersLog timeZone="UTC" answers={[]} />
      </MantineProvider>,
    );
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByText("The client's answers")).toBeNull();
  });
});
