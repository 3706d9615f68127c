import {
  Alert,
  NumberInput,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { TCompany } from '@fieldbook/core';
import type { CompanyForm } from './company-form';

/**
 * The company's own SMTP server; the password is write-only. Only the owner
 * changes it (others see it read-only): where the company's mail goes is theirs.
 */
export function CompanySmtpTab({ form, company }: { form: CompanyForm; company: TCompany }) {
  const owner = company.me.isOwner;
  const on = form.values.useSmtp && owner;
  return (
    <Stack gap="lg" maw={720}>
      <Text size="sm" c="dimmed">
        Without a server of your own, Fieldbook sends your e-mail from its own address on your
        behalf.
      </Text>
      {!owner && (
        <Alert color="gray" icon={<IconLock size={18} />}>
          Only the owner of the company can change its e-mail server.
        </Alert>
      )}
      <Switch
        label="Use my own e-mail server"
        disabled={!owner}
        {...form.getInputProps('useSmtp', { type: 'checkbox' })}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Host"
          disabled={!on}
          placeholder="smtp.example.com"
          {...form.getInputProps('smtp.host')}
        />
        <NumberInput
          label="Port"
          disabled={!on}
          min={1}
          max={65535}
          allowDecimal={false}
          {...form.getInputProps('smtp.port')}
        />
        <TextInput
          label="Username"
          disabled={!on}
          autoComplete="off"
          {...form.getInputProps('smtp.user')}
        />
        {owner && (
          <PasswordInput
            label="Password"
            description="Type it again after changing the host, port or username"
            disabled={!on}
            autoComplete="new-password"
            placeholder={company.smtp?.hasPassword ? '(unchanged)' : ''}
            {...form.getInputProps('smtp.password')}
          />
        )}
      </SimpleGrid>
      <Switch
        label="Secure connection (TLS)"
        disabled={!on}
        {...form.getInputProps('smtp.secure', { type: 'checkbox' })}
      />
    </Stack>
  );
}
