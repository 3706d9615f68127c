import { Button, Group, type MantineSpacing } from '@mantine/core';

interface Props {
  onCancel: () => void;
  /** Shows the Save button as busy. */
  saving: boolean;
  saveLabel?: string;
  /** Space between the buttons; Mantine's default when left out. */
  gap?: MantineSpacing;
}

/** A modal form's footer: Cancel, then a submit button. */
export function ModalActions({ onCancel, saving, saveLabel = 'Save', gap }: Props) {
  return (
    <Group justify="flex-end" gap={gap}>
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={saving}>
        {saveLabel}
      </Button>
    </Group>
  );
}
