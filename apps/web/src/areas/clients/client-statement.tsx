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
import { StatementAging, StatementTable } from '../../ui/statement-table';

/**
 * The Account tab: the client's statement (GET /entities/{id}/statement), its
 * PDF (Download statement) and Email statement.
 */
export function ClientStatement({
  clientId,
  clientName,
}: {
  clientId: string;
  clientName: string;
}) {
  const statement = useClientStatement(clientId);
  const { companyId, member } = useCurrentCompany();
  const [open, setOpen] = useState<'pdf' | 'send' | null>(null);
  const title = `Statement ${clientName}`.trim();
  return (
    <QueryState query={statement}>
      {(s) => (
        <Stack gap="lg">
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
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
          <PdfViewer
            opened={open === 'pdf'}
            onClose={() => setOpen(null)}
            title={title}
            path={documentPaths(companyId, 'statement', clientId).download}
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
      )}
    </QueryState>
  );
}
