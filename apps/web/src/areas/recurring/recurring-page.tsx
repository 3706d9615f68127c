import { useState } from 'react';
import { Button, Center, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import {
  RECURRING_TYPES,
  can,
  recurringPricesWithheld,
  type TRecurringType,
} from '@fieldbook/core';
import { errorMessage } from '../../api/api-client';
import { useJobTypes } from '../../api/use-job-types';
import { downloadRecurring, useRecurringList } from '../../api/use-recurring';
import { useCurrentCompany } from '../../app/company-context';
import { PageHeader } from '../../ui/page-header';
import { QueryState } from '../../ui/query-state';
import { RecurringEditorModal } from './recurring-editor-modal';
import { RecurringList } from './recurring-list';
import { RecurringPie } from './recurring-pie';
import { TYPE_LABELS, typeParam } from './recurring-values';
import { useScreenSearchParams } from '../../ui/use-screen-search';

/** The search parameter that holds the open item: its id, or 'new'. */
export const ID_PARAM = 'id';
/** Marks a history entry the editor pushed, so closing it goes Back rather than forward. */
const OPENED = 'recurringEditor';

/** The access flag area of each type (the area the documents it makes belong to). */
export const TYPE_AREA = {
  invoices: 'invoices',
  expenses: 'expenses',
  calender: 'appointments',
} as const;

const EMPTY: Record<TRecurringType, string> = {
  invoices: 'No recurring invoices yet.',
  expenses: 'No recurring expenses yet.',
  calender: 'No recurring jobs yet.',
};

/**
 * /recurring?type=invoices|expenses|calender[&id=<id>|new]: the type switch,
 * New, Download, the accounting-package CSV, the pie and the list; the editor
 * opens over it from the address, so reload and Back keep both.
 */
export function RecurringPage() {
  const { companyId, member } = useCurrentCompany();
  const [params, setParams] = useScreenSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const type = typeParam(params.get('type'));
  const open = params.get(ID_PARAM);
  const list = useRecurringList(type);
  const jobTypes = useJobTypes();
  const [busy, setBusy] = useState<'csv' | 'sage' | null>(null);
  const canCreate = can(member, TYPE_AREA[type], 'c');

  const at = (t: TRecurringType, id: string | null) =>
    `?type=${t}${id ? `&${ID_PARAM}=${encodeURIComponent(id)}` : ''}`;
  const openItem = (id: string) => void navigate(at(type, id), { state: { [OPENED]: true } });
  const close = () => {
    if ((location.state as Record<string, unknown> | null)?.[OPENED]) void navigate(-1);
    else void navigate(at(type, null), { replace: true });
  };

  const download = async (sage: boolean) => {
    setBusy(sage ? 'sage' : 'csv');
    try {
      await downloadRecurring(companyId ?? '', type, sage);
    } catch (e) {
      notifications.show({ color: 'red', title: 'Not downloaded', message: errorMessage(e) });
    } finally {
      setBusy(null);
    }
  };

  const newButton = canCreate && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => openItem('new')}>
      New
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Recurring"
        breadcrumbs={[{ label: 'Dashboard', to: '/' }, { label: 'Recurring' }]}
        actions={
          <>
            {newButton}
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              loading={busy === 'csv'}
              onClick={() => void download(false)}
            >
              Download
            </Button>
            {/* A job's rows are the invoice it will make: they show prices. */}
            {!recurringPricesWithheld(member, type) && (
              <Button
                variant="default"
                leftSection={<IconDownload size={16} />}
                loading={busy === 'sage'}
                onClick={() => void download(true)}
              >
                Accounting csv
              </Button>
            )}
          </>
        }
      />
      <SegmentedControl
        aria-label="Recurring type"
        mb="md"
        data={RECURRING_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
        value={type}
        onChange={(t) => void navigate(at(t as TRecurringType, null))}
      />
      <QueryState query={list}>
        {(items) =>
          items.length === 0 ? (
            <Paper withBorder radius="md" p="xl">
              <Center>
                <Stack align="center" gap="sm">
                  <Text c="dimmed">{EMPTY[type]}</Text>
                  {newButton}
                </Stack>
              </Center>
            </Paper>
          ) : (
            <>
              <RecurringPie items={items} />
              <Paper withBorder radius="md">
                <RecurringList
                  type={type}
                  items={items}
                  jobTypes={jobTypes.data ?? []}
                  onOpen={openItem}
                />
              </Paper>
            </>
          )
        }
      </QueryState>
      {open && (
        <RecurringEditorModal
          key={type}
          type={type}
          id={open === 'new' ? null : open}
          // Through the screen's setter: a save answered after the user left goes nowhere.
          onSaved={(id) =>
            setParams(at(type, id), { replace: true, state: location.state as unknown })
          }
          onClose={close}
        />
      )}
    </>
  );
}
