import { useRef } from 'react';
import { Anchor, Table, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Link, useNavigate } from 'react-router';
import type { TClient } from '@fieldbook/core';
import { Money } from '../../ui/money';
import { usePhone } from '../../ui/use-phone';

const ROW_HEIGHT = 44;
const cell = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

interface Props {
  clients: TClient[];
  typeNames: Map<string, string>;
}

/**
 * The clients table; on a phone, the name (with the surname and phone under
 * it) and what the client owes. Only the rows in view are in the DOM (with spacer rows
 * above and below), so 5,000 clients scroll as smoothly as 50.
 */
export function ClientsTable({ clients, typeNames }: Props) {
  const navigate = useNavigate();
  const phone = usePhone();
  const scrollRef = useRef<HTMLDivElement>(null);
  // The compiler skips memoising this component for the virtualizer's sake; its rows are cheap.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: clients.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = items.length ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;

  if (clients.length === 0)
    return (
      <Text c="dimmed" ta="center" py="xl">
        No clients to show.
      </Text>
    );

  return (
    <div
      ref={scrollRef}
      style={{ maxHeight: 'max(360px, calc(100vh - 360px))', overflow: 'auto' }}
      data-testid="clients-scroll"
    >
      <Table
        highlightOnHover
        stickyHeader
        horizontalSpacing="md"
        aria-label="Clients"
        aria-rowcount={clients.length + 1}
        miw={phone ? 0 : 760}
        style={{ tableLayout: 'fixed' }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={phone ? '62%' : '18%'}>Name</Table.Th>
            {!phone && (
              <>
                <Table.Th w="16%">Surname</Table.Th>
                <Table.Th w="24%">Email</Table.Th>
                <Table.Th w="14%">Phone</Table.Th>
                <Table.Th w="14%">Type</Table.Th>
              </>
            )}
            <Table.Th w={phone ? '38%' : '14%'} ta="right">
              Outstanding
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {top > 0 && <tr aria-hidden style={{ height: top }} />}
          {items.map((item) => {
            const c = clients[item.index]!;
            return (
              <Table.Tr
                key={c._id}
                aria-rowindex={item.index + 2}
                data-index={item.index}
                ref={virtualizer.measureElement}
                style={{ height: ROW_HEIGHT, cursor: 'pointer' }}
                onClick={() => void navigate(`/clients/${c._id}`)}
              >
                <Table.Td style={cell}>
                  <Anchor
                    inherit
                    component={Link}
                    to={`/clients/${c._id}`}
                    onClick={(e) => e.stopPropagation()}
                  >
                    {c.name}
                  </Anchor>
                  {phone && (
                    <>
                      {c.surname ? ` ${c.surname}` : ''}
                      <Text size="xs" c="dimmed" style={cell}>
                        {c.phone || c.email}
                      </Text>
                    </>
                  )}
                </Table.Td>
                {!phone && (
                  <>
                    <Table.Td style={cell}>{c.surname}</Table.Td>
                    <Table.Td style={cell}>{c.email}</Table.Td>
                    <Table.Td style={cell}>{c.phone}</Table.Td>
                    <Table.Td style={cell}>
                      {c.entityTemplateId ? (typeNames.get(c.entityTemplateId) ?? '') : ''}
                    </Table.Td>
                  </>
                )}
                <Table.Td ta="right" style={cell}>
                  <Money value={c.outstanding} />
                </Table.Td>
              </Table.Tr>
            );
          })}
          {bottom > 0 && <tr aria-hidden style={{ height: bottom }} />}
        </Table.Tbody>
      </Table>
    </div>
  );
}
