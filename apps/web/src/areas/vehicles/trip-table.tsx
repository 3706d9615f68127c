import { Badge, Table, Text } from '@mantine/core';
import type { TTrip } from '@fieldbook/core';
import { PagedFooter, usePaged } from '../../ui/paged';
import { usePhone } from '../../ui/use-phone';

const KindBadge = ({ business }: { business: boolean }) => (
  <Badge variant="light" color={business ? 'blue' : 'gray'}>
    {business ? 'Business' : 'Private'}
  </Badge>
);

/** The year's trips, newest first; a row opens the trip's form. */
export function TripTable({ trips, onOpen }: { trips: TTrip[]; onOpen: (t: TTrip) => void }) {
  const phone = usePhone();
  const paged = usePaged(trips);
  if (trips.length === 0)
    return (
      <Text c="dimmed" ta="center" py="xl">
        No trips in this tax year.
      </Text>
    );
  return (
    <>
      <Table.ScrollContainer minWidth={phone ? 0 : 860}>
        <Table verticalSpacing="sm" highlightOnHover aria-label="Trips">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{phone ? 'Trip' : 'Date'}</Table.Th>
              {!phone && (
                <>
                  <Table.Th>Vehicle</Table.Th>
                  <Table.Th>Driver</Table.Th>
                  <Table.Th>From – To</Table.Th>
                  <Table.Th>Reason</Table.Th>
                </>
              )}
              <Table.Th ta="right">km</Table.Th>
              {!phone && <Table.Th>Kind</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {paged.shown.map((t) => (
              <Table.Tr key={t._id} style={{ cursor: 'pointer' }} onClick={() => onOpen(t)}>
                <Table.Td style={{ whiteSpace: phone ? undefined : 'nowrap' }}>
                  {phone ? (
                    <>
                      <Text size="sm" fw={600}>
                        {t.date} · {t.registration}
                      </Text>
                      <Text size="sm" lineClamp={1}>
                        {t.from} – {t.to}
                      </Text>
                      <Text size="xs" c="dimmed" lineClamp={1}>
                        {t.business ? 'Business' : 'Private'} · {t.driverName}
                        {t.reason ? ` · ${t.reason}` : ''}
                      </Text>
                    </>
                  ) : (
                    t.date
                  )}
                </Table.Td>
                {!phone && (
                  <>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{t.registration}</Table.Td>
                    <Table.Td>{t.driverName}</Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={1} maw={260}>
                        {t.from} – {t.to}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={1} maw={220}>
                        {t.reason || '—'}
                      </Text>
                    </Table.Td>
                  </>
                )}
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {t.kilometres.toLocaleString('en-ZA')}
                </Table.Td>
                {!phone && (
                  <Table.Td>
                    <KindBadge business={t.business} />
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <PagedFooter paged={paged} />
    </>
  );
}
