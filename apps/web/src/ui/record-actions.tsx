import { Button, Group } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';

interface RecordActionsProps {
  /** The form is in edit mode. */
  editing: boolean;
  /** The record exists already (a new one has no Edit and no Delete). */
  saved: boolean;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onCancel: () => void;
  deleting: boolean;
  saving: boolean;
}

/**
 * The buttons of a view-then-edit record form (spec §4): Edit while viewing;
 * Delete (saved records only), Cancel and Save (the form's submit) while editing.
 */
export function RecordActions(p: RecordActionsProps) {
  return (
    <Group justify="flex-end" gap="sm">
      {!p.editing && p.saved && p.canEdit && (
        <Button leftSection={<IconPencil size={16} />} onClick={p.onEdit}>
          Edit
        </Button>
      )}
      {p.editing && p.saved && p.canDelete && (
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={16} />}
          loading={p.deleting}
          onClick={p.onDelete}
          mr="auto"
        >
          Delete
        </Button>
      )}
      {p.editing && (
        <>
          <Button variant="default" onClick={p.onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={p.saving}>
            Save
          </Button>
        </>
      )}
    </Group>
  );
}
