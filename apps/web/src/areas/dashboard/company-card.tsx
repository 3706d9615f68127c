import { Avatar, Badge, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { Link } from 'react-router';
import { apiUrl } from '../../api/api-client';
import { useCurrentCompany } from '../../app/company-context';

/** The selected company, or an invitation to create one. */
export function CompanyCard() {
  const { company, companies, loading } = useCurrentCompany();

  if (loading)
    return (
      <Card padding="lg">
        <Loader size="sm" aria-label="Loading company" />
      </Card>
    );

  if (!company)
    return (
      <Card padding="lg" component="section" aria-label="No company selected">
        <Stack gap="xs" align="flex-start">
          <Text fw={600}>
            {companies.length ? 'No company selected' : 'You have no company yet'}
          </Text>
          <Text size="sm" c="dimmed">
            Create your company to start sending quotes and invoices.
          </Text>
          <Button component={Link} to="/companies">
            Go to companies
          </Button>
        </Stack>
      </Card>
    );

  return (
    <Card padding="lg" component="section" aria-label="Selected company">
      <Group justify="space-between" wrap="wrap" gap="md">
        <Group wrap="nowrap">
          <Avatar
            src={company.companyLogo ? apiUrl(company.companyLogo) : null}
            alt={`${company.companyName} logo`}
            size={64}
            radius="md"
            color="brand"
          >
            <IconBuildingStore size={30} />
          </Avatar>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              Current company
            </Text>
            <Text fw={700} fz="xl">
              {company.companyName}
            </Text>
            <Group gap={6} mt={4}>
              <Badge variant="light">{company.me.isOwner ? 'Owner' : 'Member'}</Badge>
              <Badge variant="light" color="gray">
                {company.users.length} {company.users.length === 1 ? 'user' : 'users'}
              </Badge>
            </Group>
          </div>
        </Group>
        <Group gap="sm">
          <Button component={Link} to="/companies" variant="default">
            Switch company
          </Button>
          <Button component={Link} to={`/company/${company._id}`} variant="light">
            Company settings
          </Button>
        </Group>
      </Group>
    </Card>
  );
}
