import { useState } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDownload, IconMail } from '@tabler/icons-react';
import { can } from '@fieldbook/core';
import { useClientStatement } from '../../api/use-clients';
import { documentPaths } from '../../api/use-delivery';
import { useCurrentCompany } from '../../app/company-context';
import { PdfViewer } from '../../ui/pdf-viewer';
import { QueryState } from '../../ui/query-state';
import { SendEmailModal } from '../../ui/send-email-modal';
import {
  StatementPeriodChooser,
  WHOLE_ACCOUNT,
  isWholeAccount,
  statementPeriodErrors,
  statementPeriodSearch,
} from '../../ui/statement-period';
import { StatementAging, StatementTable } from '../../ui/statement-table';

/**
 * The Account tab: the client's statement (GET /entities/{id}/statement) of
 * the period chosen (From, To; empty is the whole account), its PDF of the
 * same period (Download statement) and Email statement (the whole account).
 */
export function ClientStatement({
  clientId,
  clientName,
}: {
  clientId: string;
  clientName: string;
}) {
  const [period, setPeriod] = useState(WHOLE_ACCOUNT);
  const statement = useClientStatement(clientId, period);
  const { companyId, member } = useCurrentCompany();
  const [open, setOpen] = useState<'pdf' | 'send' | null>(null);
  const title = `Statement ${clientName}`.trim();
  const whole = isWholeAccount(period);
  const refused = Object.keys(statementPeriodErrors(period)).length > 0;
  return (
    <Stack gap="lg">
      {/* Outside the query's state: a period that fails to load can still be changed. */}
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <StatementPeriodChooser value={period} onChange={setPeriod} />
        <Group gap="sm" wrap="wrap">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            disabled={refused}
            onClick={() => setOpen('pdf')}
          >
            Download statement
          </Button>
          {can(member, 'clients', 'u') && (
            <Button
              variant="light"
              leftSection={<IconMail size={16} />}
              onClick={() => setOpen('send')}
            >
              Email statement
            </Button>
          )}
        </Group>
      </Group>
      <QueryState query={statement}>
        {(s) => (
          <Stack gap="lg">
            <div>
              <StatementAging statement={s} totalLabel={whole ? undefined : 'Closing balance'} />
              {s.asOf && (
                <Text size="xs" c="dimmed" mt="xs">
                  As of {s.asOf}
                </Text>
              )}
            </div>
            <Paper withBorder>
              <StatementTable statement={s} empty={whole ? undefined : 'Nothing in this period.'} />
            </Paper>
          </Stack>
        )}
      </QueryState>
      <PdfViewer
        opened={open === 'pdf'}
        onClose={() => setOpen(null)}
        title={title}
        path={`${documentPaths(companyId, 'statement', clientId).download}${statementPeriodSearch(period)}`}
        fallbackName={`${title}.pdf`}
      />
      {open === 'send' && (
        <SendEmailModal
          kind="statement"
          id={clientId}
          title={`Email ${title}`}
          onClose={() => setOpen(null)}
        />
      )}
    </Stack>
  );
}
