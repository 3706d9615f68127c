import { useState } from 'react';
import { Avatar, Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconPencil } from '@tabler/icons-react';
import { useParams } from 'react-router';
import type { TPerson } from '@fieldbook/core';
import { apiUrl } from '../../api/api-client';
import { usePerson, useUploadPersonPicture } from '../../api/use-people';
import { ImageUploader } from '../../ui/image-uploader';
import { PageHeader } from '../../ui/page-header';
import { QueryState } from '../../ui/query-state';
import { EditPersonModal } from './edit-person-modal';
import { PERSON_TYPE_LABELS, measure } from './person-types';

/** Save the person's data as a JSON file. */
function downloadPerson(p: TPerson) {
  const blob = new Blob([JSON.stringify(p, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${`${p.name}-${p.surname}`.replace(/[^\w-]+/g, '_') || 'person'}.json`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function Measure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={26} fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

function PersonDetail({ person }: { person: TPerson }) {
  const upload = useUploadPersonPicture(person._id);
  const [editing, setEditing] = useState(false);
  return (
    <Stack gap="lg">
      <Paper withBorder p="lg">
        <Group justify="space-between" wrap="wrap" gap="md">
          <Group gap="lg">
            <Avatar
              src={person.profilePicture ? apiUrl(person.profilePicture) : null}
              alt={`Profile picture of ${person.name}`}
              size={96}
              radius={96}
              color="brand"
            >
              {(person.name[0] ?? '?').toUpperCase()}
            </Avatar>
            <Stack gap={6}>
              <Text fw={700} fz="xl">
                {person.name} {person.surname}
              </Text>
              <Badge variant="light" w="fit-content">
                {PERSON_TYPE_LABELS[person.rank]}
              </Badge>
              <div>
                <ImageUploader
                  label="Upload picture"
                  round
                  onUpload={async (png) => {
                    await upload.mutateAsync(png);
                    notifications.show({ color: 'green', message: 'Picture saved' });
                  }}
                />
              </div>
            </Stack>
          </Group>
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              onClick={() => downloadPerson(person)}
            >
              Download
            </Button>
            <Button leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
              Edit
            </Button>
          </Group>
        </Group>
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Measure label="Weight" value={measure(person.weight, 'kg')} />
        <Measure label="Height" value={measure(person.height, 'm')} />
        <Measure label="Circumference" value={measure(person.circum, 'cm')} />
      </SimpleGrid>
      {editing && <EditPersonModal person={person} onClose={() => setEditing(false)} />}
    </Stack>
  );
}

/** /people/{id}: one person's measurements and picture. */
export function PersonPage() {
  const { id = '' } = useParams();
  const person = usePerson(id);
  const name = person.data ? `${person.data.name} ${person.data.surname}` : 'Person';
  return (
    <>
      <PageHeader
        title={name}
        breadcrumbs={[
          { label: 'Dashboard', to: '/' },
          { label: 'People', to: '/people' },
          { label: name },
        ]}
      />
      <QueryState query={person}>{(p) => <PersonDetail person={p} />}</QueryState>
    </>
  );
}
