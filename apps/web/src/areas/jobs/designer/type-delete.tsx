import { Select, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../api/api-client';
import { useDeleteJobType } from '../../../api/use-job-types';
import { confirmDelete } from '../../../ui/confirm';
import type { DraftType } from './designer-state';

interface Choice {
  value: string;
  label: string;
}

/** The second question: the server said jobs use the type; which type takes them. */
function MoveToChoice({
  why,
  choices,
  onPick,
}: {
  why: string;
  choices: Choice[];
  onPick: (id: string) => void;
}) {
  const [value, setValue] = useState(choices[0]?.value ?? null);
  return (
    <Stack gap="sm">
      <Text size="sm">{why.charAt(0).toUpperCase() + why.slice(1)}.</Text>
      <Select
        label="Move them to"
        data={choices}
        value={value}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        onChange={(v) => {
          if (!v) return;
          setValue(v);
          onPick(v);
        }}
      />
    </Stack>
  );
}

interface Options {
  drafts: DraftType[];
  /** The type is gone (saved or not): drop it from the list. */
  onDeleted: (key: string, text: string) => void;
  onError: (text: string) => void;
}

/**
 * The designer's Delete (issue 19 B4): the app's confirmation, then, when the
 * server answers that jobs use the type (409 naming `moveTo`), the same
 * confirmation again with a choice of the other types to move them to.
 */
export function useTypeDeletion({ drafts, onDeleted, onError }: Options) {
  const remove = useDeleteJobType();

  const run = async (d: DraftType, moveTo?: string) => {
    try {
      const r = await remove.mutateAsync({ id: d._id!, moveTo });
      const to = drafts.find((x) => x._id === moveTo)?.name;
      const moved = r.movedJobs + r.movedRecurring;
      onDeleted(d.key, moved && to ? `Deleted; moved ${movedText(r)} to '${to}'` : 'Deleted');
    } catch (e) {
      const why = e instanceof ApiError ? e.fields?.moveTo : undefined;
      if (why && !moveTo) askMoveTo(d, why);
      else onError(errorMessage(e));
    }
  };

  const askMoveTo = (d: DraftType, why: string) => {
    const choices = drafts
      .filter((x) => x._id && x._id !== d._id)
      .map((x) => ({ value: x._id!, label: x.name }));
    const picked = { id: choices[0]?.value };
    modals.openConfirmModal({
      title: 'Please confirm',
      children: <MoveToChoice why={why} choices={choices} onPick={(id) => (picked.id = id)} />,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red', disabled: choices.length === 0 },
      onConfirm: () => void run(d, picked.id),
    });
  };

  return (d: DraftType) =>
    confirmDelete(
      () => (d._id ? void run(d) : onDeleted(d.key, 'Deleted')),
      `Are you sure you want to delete the type '${d.name}'?`,
    );
}

const movedText = (r: { movedJobs: number; movedRecurring: number }) =>
  [
    ...(r.movedJobs ? [`${r.movedJobs} ${r.movedJobs === 1 ? 'job' : 'jobs'}`] : []),
    ...(r.movedRecurring
      ? [`${r.movedRecurring} recurring ${r.movedRecurring === 1 ? 'job' : 'jobs'}`]
      : []),
  ].join(' and ');
