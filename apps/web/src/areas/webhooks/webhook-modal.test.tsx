// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { WEBHOOK_EVENTS } from '@fieldbook/core';
import { WebhookModal } from './webhook-modal';
import { blankWebhook, toggleAll, toggleEvent, webhookErrors } from './webhook-form';

const create = vi.fn();
const update = vi.fn();
vi.mock('../../api/use-webhooks', () => ({
  useWebhookActions: () => ({
    create: { mutateAsync: create, isPending: false },
    update: { mutateAsync: update, isPending: false },
  }),
}));
vi.mock('../../ui/use-phone', () => ({ usePhone: () => false }));

describe('the webhook form state', () => {
  it('keeps the ticked events in the catalogue order, once each', () => {
    let v = blankWebhook();
    v = toggleEvent(v, 'job.done', true);
    v = toggleEvent(v, 'client.created', true);
    v = toggleEvent(v, 'job.done', true);
    expect(v.events).toEqual(['client.created', 'job.done']);
    expect(toggleEvent(v, 'job.done', false).events).toEqual(['client.created']);
    expect(toggleAll(v, true).events).toEqual([...WEBHOOK_EVENTS]);
    expect(toggleAll(v, false).events).toEqual([]);
  });

  it('names what is missing with the server contract and the labels', () => {
    expect(webhookErrors({ url: '', description: '', events: [] })).toEqual({
      url: 'URL is required',
      events: 'Events must name at least one event',
    });
    expect(
      webhookErrors({ url: 'https://x.test/h', description: '', events: ['job.done'] }),
    ).toEqual({});
  });
});

function open(onCreated = vi.fn()) {
  render(
    <MantineProvider>
      <WebhookModal endpoint={null} allowPrivate={false} onClose={() => {}} onCreated={onCreated} />
    </MantineProvider>,
  );
  return onCreated;
}

describe('the add webhook modal', () => {
  afterEach(cleanup);

  it('refuses a save without events before any round trip', async () => {
    open();
    fireEvent.change(await screen.findByLabelText(/^URL/), {
      target: { value: 'https://books.example/hook' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Events must name at least one event');
    expect(create).not.toHaveBeenCalled();
  });

  it('sends the URL, description and ticked events, and hands the secret on', async () => {
    const made = { endpoint: { _id: 'e1' }, secret: 'whsec_abc' };
    create.mockResolvedValueOnce(made);
    const onCreated = open();
    fireEvent.change(await screen.findByLabelText(/^URL/), {
      target: { value: 'https://books.example/hook' },
    });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Books' } });
    fireEvent.click(screen.getByLabelText('An invoice is paid in full'));
    fireEvent.click(screen.getByLabelText('A client is added'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(made));
    expect(create).toHaveBeenCalledWith({
      url: 'https://books.example/hook',
      description: 'Books',
      events: ['client.created', 'invoice.paid'],
    });
  });

  it('ticks every event with All events', async () => {
    open();
    fireEvent.click(await screen.findByLabelText('All events'));
    for (const label of ['A job enters Job Done', 'A credit note is issued'])
      expect((screen.getByLabelText(label) as HTMLInputElement).checked).toBe(true);
  });
});
