import { Paper, Stack, Text } from '@mantine/core';
import { useClientStatement } from '../../api/use-clients';
import { QueryState } from '../../ui/query-state';
import { StatementAging, StatementTable } from '../../ui/statement-table';

/** The Account tab: the client's statement (GET /entities/{id}/statement). */
export function ClientStatement({ clientId }: { clientId: string }) {
  const statement = useClientStatement(clientId);
  return (
    <QueryState query={statement}>
      {(s) => (
        <Stack gap="lg">
          <div>
            <StatementAging statement={s} />
            {s.asOf && (
              <Text size="xs" c="dimmed" mt="xs">
                As of {s.asOf}
              </Text>
            )}
          </div>
          <Paper withBorder>
            <StatementTable statement={s} />
          </Paper>
        </Stack>
      )}
    </QueryState>
  );
}
