import { Checkbox, Table } from '@mantine/core';
import { AREAS, FLAGS, type Area, type Flag } from '@fieldbook/core';
import { usePhone } from './use-phone';

export const AREA_LABELS: Record<Area, string> = {
  invoices: 'Invoices',
  expenses: 'Expenses',
  clients: 'Clients',
  appointments: 'Appointments',
  settings: 'Settings',
};
export const FLAG_LABELS: Record<Flag, string> = {
  c: 'Create',
  r: 'Read',
  u: 'Update',
  d: 'Delete',
};

/** Every area with every flag, on or off: what a rights grid edits. */
export type RightsValues = Record<Area, Record<Flag, boolean>>;

/** A grid's values from rights as they are kept (missing is off). */
export function rightsValues(
  rights: Partial<Record<Area, Partial<Record<Flag, boolean>>>> | null | undefined,
): RightsValues {
  const entries = AREAS.map((a) => [
    a,
    Object.fromEntries(FLAGS.map((f) => [f, rights?.[a]?.[f] === true])) as Record<Flag, boolean>,
  ]);
  return Object.fromEntries(entries) as RightsValues;
}

interface Props {
  /** Mantine form's checkbox props for a path such as `rights.invoices.c`. */
  inputProps: (a: Area, f: Flag) => object;
  /** Whether the user may turn this one on (they hold it, or it was on already). */
  grantable: (a: Area, f: Flag) => boolean;
  label?: string;
}

/** The grid of areas × create/read/update/delete of a group or an API token. */
export function RightsGrid({ inputProps, grantable, label = 'Rights' }: Props) {
  // Small type on a phone, so all four columns fit a 390-pixel screen.
  const phone = usePhone();
  return (
    <Table.ScrollContainer minWidth={280}>
      <Table
        aria-label={label}
        withTableBorder
        fz={phone ? 'xs' : undefined}
        horizontalSpacing={phone ? 6 : undefined}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Area</Table.Th>
            {FLAGS.map((f) => (
              <Table.Th key={f} ta="center">
                {FLAG_LABELS[f]}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {AREAS.map((a) => (
            <Table.Tr key={a}>
              <Table.Td fw={500}>{AREA_LABELS[a]}</Table.Td>
              {FLAGS.map((f) => (
                <Table.Td key={f}>
                  <Checkbox
                    aria-label={`${AREA_LABELS[a]} ${FLAG_LABELS[f]}`}
                    styles={{ body: { justifyContent: 'center' } }}
                    disabled={!grantable(a, f)}
                    {...inputProps(a, f)}
                  />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
