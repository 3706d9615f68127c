import { useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { portalPdfUrl } from '../../api/use-portal';
import {
  StatementPeriodChooser,
  WHOLE_ACCOUNT,
  statementPeriodErrors,
  statementPeriodSearch,
} from '../../ui/statement-period';

/**
 * The portal's statement: a period (From, To; empty is the whole account) and
 * Download statement, a plain link to its PDF carrying the period. A period
 * the server would refuse (From after To) downloads nothing.
 */
export function PortalStatementDownload({ token }: { token: string }) {
  const [period, setPeriod] = useState(WHOLE_ACCOUNT);
  const refused = Object.keys(statementPeriodErrors(period)).length > 0;
  return (
    <Stack gap="xs" w={{ base: '100%', xs: 'auto' }}>
      <StatementPeriodChooser value={period} onChange={setPeriod} />
      <Button
        component="a"
        href={
          refused ? undefined : portalPdfUrl(token, `/statement${statementPeriodSearch(period)}`)
        }
        download
        disabled={refused}
        variant="default"
        leftSection={<IconDownload size={16} />}
      >
        Download statement
      </Button>
    </Stack>
  );
}
