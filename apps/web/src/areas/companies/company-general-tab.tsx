import {
  Avatar,
  Checkbox,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useJobTypes } from '../../api/use-job-types';
import { IconBuildingStore } from '@tabler/icons-react';
import { NUMBERING_PRESETS, type TCompany } from '@fieldbook/core';
import { apiUrl } from '../../api/api-client';
import { useUploadCompanyLogo } from '../../api/use-companies';
import { ImageUploader } from '../../ui/image-uploader';
import { timeZones, type CompanyForm } from './company-form';

const NUMBERING_HELP: Record<string, string> = {
  INV00001: 'INV00001, INV00002, … (quotes use QUO)',
  DDMMYYYY: 'The date, e.g. 21112026; a second one that day gets -2',
  'DDMMYYYY-1': 'The date and a counter per day, e.g. 21112026-1',
};

export function CompanyGeneralTab({ form, company }: { form: CompanyForm; company: TCompany }) {
  const jobTypes = useJobTypes(form.values.quoteAcceptAction === 'job', company._id);
  const upload = useUploadCompanyLogo(company._id);
  const numbering = form.values.numbering;
  return (
    <Stack gap="lg">
      <Group gap="lg">
        <Avatar
          src={company.companyLogo ? apiUrl(company.companyLogo) : null}
          alt={`${company.companyName} logo`}
          size={88}
          radius="md"
          color="brand"
        >
          <IconBuildingStore size={40} />
        </Avatar>
        <Stack gap={6}>
          <Text fw={600}>Company logo</Text>
          <Text size="sm" c="dimmed">
            PNG, JPEG or WebP, at most 5 MB. Shown in the menu and on documents.
          </Text>
          <div>
            <ImageUploader
              label="Upload logo"
              onUpload={async (png) => {
                await upload.mutateAsync(png);
                notifications.show({ color: 'green', message: 'Logo saved' });
              }}
            />
          </div>
        </Stack>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Company name"
          description="Shown in the menu and on your documents"
          required
          {...form.getInputProps('companyName')}
        />
        <TextInput
          label="Company e-mail address"
          description="Your own address; invoices and statements are sent from it"
          type="email"
          {...form.getInputProps('EmailAddress')}
        />
        <Select
          label="Time zone"
          description="Dates and periods follow this zone"
          searchable
          data={timeZones(form.values.timeZone)}
          allowDeselect={false}
          {...form.getInputProps('timeZone')}
        />
        <Select
          label="Invoice numbering"
          description={NUMBERING_HELP[numbering]}
          data={[...NUMBERING_PRESETS]}
          allowDeselect={false}
          {...form.getInputProps('numbering')}
        />
        <Textarea
          label="Address"
          description="Printed on your invoices, quotes and statements"
          autosize
          minRows={3}
          maxRows={6}
          {...form.getInputProps('address')}
        />
        <TextInput
          label="Phone"
          description="Printed on your documents"
          type="tel"
          autoComplete="tel"
          {...form.getInputProps('phone')}
        />
        <NumberInput
          label="Client portal links last (days)"
          description="A link you send a client works this long; they can ask for a fresh one"
          min={1}
          max={3650}
          allowDecimal={false}
          {...form.getInputProps('portalLinkDays')}
        />
        <Checkbox
          label="Put the client's portal link in invoice and quote e-mails"
          description="Anyone the e-mail goes to can open the client's account with it"
          {...form.getInputProps('portalInEmails', { type: 'checkbox' })}
        />
        <Checkbox
          label="Members must use two-factor sign-in"
          description={
            company.me.isOwner
              ? 'A member without it is asked to turn it on before they can work in the company. Turn it on for yourself first.'
              : 'Only the owner can change this.'
          }
          disabled={!company.me.isOwner}
          {...form.getInputProps('requireTwoFactor', { type: 'checkbox' })}
        />
        <Select
          label="When a client accepts a quote in the portal"
          description="You are told by e-mail and see it on the quote either way"
          data={[
            { value: 'notify', label: 'Tell me only' },
            { value: 'invoice', label: 'Turn it into an invoice' },
            { value: 'job', label: 'Make an Unscheduled job' },
          ]}
          allowDeselect={false}
          {...form.getInputProps('quoteAcceptAction')}
        />
        {form.values.quoteAcceptAction === 'job' && (
          <Select
            label="Job type of that job"
            placeholder={
              jobTypes.data?.[0] ? `${jobTypes.data[0].name} (the first type)` : undefined
            }
            data={(jobTypes.data ?? []).map((t) => ({ value: t._id, label: t.name }))}
            clearable
            {...form.getInputProps('quoteAcceptJobTypeId')}
            value={form.values.quoteAcceptJobTypeId || null}
            onChange={(v) => form.setFieldValue('quoteAcceptJobTypeId', v ?? '')}
          />
        )}
        <Textarea
          label="Terms a client accepts with a quote"
          description="Shown in the portal beside Accept; leave empty for none"
          autosize
          minRows={2}
          maxRows={8}
          {...form.getInputProps('quoteTerms')}
        />
      </SimpleGrid>
    </Stack>
  );
}
