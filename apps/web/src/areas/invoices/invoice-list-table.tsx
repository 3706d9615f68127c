import { useRef } from 'react';
import { Anchor, Checkbox, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Link, useNavigate } from 'react-router';
import { documentNumber, type TInvoiceRow } from '@fieldbook/core';
import { Money } from '../../ui/money';
import { usePhone } from '../../ui/use-phone';
import { InvoiceStateBadge } from './invoice-state-badge';

const ROW_HEIGHT = 58;
const MAX_HEIGHT = 'calc(100vh - 160px)';

interface InvoiceListTableProps {
  rows: TInvoiceRow[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  today: string;
  timeZone: string;
}

export const rowClient = (r: Pick<TInvoiceRow, 'client' | 'to'>) =>
  r.client ? `${r.client.name} ${r.client.surname}`.trim() : r.to;

/**
 * The period's rows. On a phone the table keeps its key columns: the number
 * with the date and client under it, and the total with the state under it.
 * Virtualised: a month can hold thousands of invoices, so
 * only the rows in view are in the DOM (spacer rows keep the scroll height).
 */
export function InvoiceListTable({
  rows,
  selected,
  onToggle,
  today,
  timeZone,
}: InvoiceListTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const phone = usePhone();
  // The compiler cannot memoise the virtualiser's API; this component is not memoised on purpose.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);

  if (rows.length === 0)
    return (
      <Paper withBorder>
        <Text c="dimmed" ta="center" py="xl">
          No invoices or quotes to show.
        </Text>
      </Paper>
    );

  return (
    <Paper withBorder>
      <div ref={scrollRef} style={{ maxHeight: MAX_HEIGHT, overflow: 'auto' }}>
        <Table
          aria-label="Invoices"
          highlightOnHover
          stickyHeader
          verticalSpacing="xs"
          miw={phone ? 0 : 760}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <VisuallyHidden>Select</VisuallyHidden>
              </Table.Th>
              <Table.Th>Number</Table.Th>
              {!phone && <Table.Th>Date</Table.Th>}
              {!phone && <Table.Th>Client</Table.Th>}
              <Table.Th ta="right">Total</Table.Th>
              {!phone && <Table.Th>State</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {top > 0 && (
              <tr aria-hidden style={{ height: top }}>
                <td colSpan={6} />
              </tr>
            )}
            {items.map((v) => {
              const r = rows[v.index]!;
              const number = documentNumber(r);
              return (
                <Table.Tr
                  key={r._id}
                  data-index={v.index}
                  ref={virtualizer.measureElement}
                  style={{ cursor: 'pointer' }}
                  onClick={() => void navigate(`/invoices/${r._id}`)}
                >
                  <Table.Td onClick={(e) => e.stopPropagation()}>
                    <Checkbox
                      aria-label={`Select ${number}`}
                      checked={selected.has(r._id)}
                      onChange={() => onToggle(r._id)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={`/invoices/${r._id}`}
                      fw={600}
                      onClick={(e) => e.stopPropagation()}
                    >
                      {number || '—'}
                    </Anchor>
                    {phone && (
                      <>
                        <Text size="sm" lineClamp={1}>
                          {rowClient(r)}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {r.invoiceDate}
                        </Text>
                      </>
                    )}
                  </Table.Td>
                  {!phone && <Table.Td>{r.invoiceDate}</Table.Td>}
                  {!phone && <Table.Td>{rowClient(r)}</Table.Td>}
                  <Table.Td ta="right">
                    {phone ? (
                      <Stack gap={4} align="flex-end">
                        <Money value={r.total} />
                        <InvoiceStateBadge row={r} today={today} timeZone={timeZone} />
                      </Stack>
                    ) : (
                      <Money value={r.total} />
                    )}
                  </Table.Td>
                  {!phone && (
                    <Table.Td>
                      <InvoiceStateBadge row={r} today={today} timeZone={timeZone} />
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
            {bottom > 0 && (
              <tr aria-hidden style={{ height: bottom }}>
                <td colSpan={6} />
              </tr>
            )}
          </Table.Tbody>
        </Table>
      </div>
    </Paper>
  );
}
