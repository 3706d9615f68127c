import { Button, Group, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../api/api-client';
import { useProfile, useSaveProfile } from '../../api/use-profile';
import { ErrorAlert, QueryState } from '../../ui/query-state';
import { PageHeader } from '../../ui/page-header';
import { useEditorForm } from '../../ui/use-editor-form';
import { CalendarFeedCard } from './calendar-feed-card';
import { PasskeysCard } from './passkeys-card';
import { TwoFactorCard } from './two-factor-card';
import { ApiTokensCard } from './api-tokens-card';
import { NotificationEmailCard } from './notification-email-card';

/** /settings: the user's own profile. */
export function ProfilePage() {
  const profile = useProfile();
  const save = useSaveProfile();
  const form = useForm({ initialValues: { name: '', surname: '', email: '' } });
  const { submit } = useEditorForm({
    form,
    source: profile.data,
    toValues: (u) => ({ name: u.name, surname: u.surname, email: u.email }),
    save: (v) => save.mutateAsync(v),
    onSaved: (user, v) => {
      // The address changes only once the link sent to the new one is used.
      const changing = user.pendingEmail && v.email.trim().toLowerCase() === user.pendingEmail;
      notifications.show({
        color: 'green',
        message: changing
          ? `User profile saved. We sent a confirmation link to ${user.pendingEmail}; your e-mail address changes when you open it.`
          : 'User profile saved',
      });
      return { name: user.name, surname: user.surname, email: user.email };
    },
    unsaved: form.isDirty(),
    onFailed: (e) => notifications.show({ color: 'red', message: errorMessage(e) }),
  });

  return (
    <>
      <PageHeader
        title="Profile Settings"
        breadcrumbs={[{ label: 'Dashboard', to: '/' }, { label: 'Profile Settings' }]}
      />
      <QueryState query={profile}>
        {(user) => (
          <Paper withBorder p="lg" maw={720}>
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                void submit();
              }}
            >
              <Stack>
                <ErrorAlert error={save.error} />
                <TextInput label="Username" value={user.username} readOnly disabled />
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label="Name"
                    autoComplete="given-name"
                    {...form.getInputProps('name')}
                  />
                  <TextInput
                    label="Surname"
                    autoComplete="family-name"
                    {...form.getInputProps('surname')}
                  />
                </SimpleGrid>
                <TextInput
                  label="Email"
                  type="email"
                  autoComplete="email"
                  description={
                    user.pendingEmail
                      ? `Waiting for confirmation: ${user.pendingEmail}. Open the link we sent there to use it.`
                      : undefined
                  }
                  {...form.getInputProps('email')}
                />
                <Group justify="flex-end">
                  <Button type="submit" loading={save.isPending}>
                    Save
                  </Button>
                </Group>
              </Stack>
            </form>
          </Paper>
        )}
      </QueryState>
      <TwoFactorCard />
      <PasskeysCard />
      <NotificationEmailCard />
      <CalendarFeedCard />
      <ApiTokensCard />
    </>
  );
}
