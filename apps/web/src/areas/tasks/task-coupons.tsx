import { useState } from 'react';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconGift, IconTicket } from '@tabler/icons-react';
import {
  COUPON_CONFIRM,
  DEFAULT_TIME_ZONE,
  can,
  chatTimestamp,
  type CouponState,
  type TaskStep,
  type TTaskCoupon,
} from '@fieldbook/core';
import { errorMessage } from '../../api/api-client';
import { useTaskStep, useTasks } from '../../api/use-tasks';
import { useCurrentCompany } from '../../app/company-context';
import { useCurrentUser } from '../../app/use-session';
import { QueryState } from '../../ui/query-state';
import { GiveCouponModal } from './give-coupon-modal';

const STATE: Record<CouponState, { label: string; color: string }> = {
  'not-open-yet': { label: 'Not open yet', color: 'gray' },
  active: { label: 'Active', color: 'teal' },
  opened: { label: 'Opened', color: 'blue' },
  waiting: { label: 'waiting', color: 'orange' },
  used: { label: 'Used', color: 'dark' },
};
const STEP_LABEL: Record<TaskStep, string> = { open: 'Open', request: 'Request', use: 'Mark used' };

/** The dashboard's task coupon cards (spec "Chat coupon card") and 'Give a coupon'. */
export function TaskCoupons() {
  const { company, member } = useCurrentCompany();
  const tasks = useTasks();
  const [giving, setGiving] = useState(false);
  const zone = company?.timeZone ?? DEFAULT_TIME_ZONE;
  return (
    <section aria-labelledby="task-coupons">
      <Group justify="space-between" mb="sm">
        <Title id="task-coupons" order={3} fz="h4">
          Task coupons
        </Title>
        {can(member, 'settings', 'c') && (
          <Button size="xs" leftSection={<IconGift size={14} />} onClick={() => setGiving(true)}>
            Give a coupon
          </Button>
        )}
      </Group>
      <QueryState query={tasks}>
        {(d) =>
          d.tasks.length === 0 ? (
            <Text c="dimmed">No task coupons yet.</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {d.tasks.map((t) => (
                <CouponCard key={t._id} task={t} zone={zone} />
              ))}
            </SimpleGrid>
          )
        }
      </QueryState>
      <GiveCouponModal opened={giving} onClose={() => setGiving(false)} />
    </section>
  );
}

function CouponCard({ task, zone }: { task: TTaskCoupon; zone: string }) {
  const me = useCurrentUser();
  const step = useTaskStep();
  const holder = task.holder._id === me._id;
  const giver = task.giver._id === me._id;
  const s = STATE[task.state];
  const next: TaskStep | null =
    holder && task.state === 'active'
      ? 'open'
      : holder && task.state === 'opened'
        ? 'request'
        : giver && task.state === 'waiting'
          ? 'use'
          : null;
  const run = (which: TaskStep) =>
    step.mutate(
      { id: task._id, step: which },
      { onError: (e) => notifications.show({ color: 'red', message: errorMessage(e) }) },
    );
  const act = (which: TaskStep) =>
    which === 'use'
      ? run(which)
      : modals.openConfirmModal({
          title: 'Please confirm',
          children: COUPON_CONFIRM[which],
          labels: { confirm: 'Yes', cancel: 'No' },
          onConfirm: () => run(which),
        });
  return (
    <Card withBorder padding="md" data-testid="task-coupon" aria-label={`Coupon ${task.name}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="xs" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
            {/* Full size beside a name that wraps, level with its first line. */}
            <IconTicket size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {task.name}
            </Text>
          </Group>
          <Badge
            color={s.color}
            variant="light"
            data-testid="coupon-state"
            style={{ flexShrink: 0, overflow: 'visible' }}
          >
            {s.label}
          </Badge>
        </Group>
        {task.state === 'not-open-yet' && (
          <Text size="sm">Opens {chatTimestamp(task.displayTime, zone)}</Text>
        )}
        <Text size="sm" c="dimmed">
          {giver && holder
            ? 'Yours'
            : giver
              ? `Given to ${task.holder.name}`
              : `From ${task.giver.name}`}
        </Text>
        {next && (
          <Button size="xs" variant="light" loading={step.isPending} onClick={() => act(next)}>
            {STEP_LABEL[next]}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
