import { Anchor, Box, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { VERSION } from '@fieldbook/core';

export const SUPPORT_EMAIL = 'support@fieldbook.co.za';
export const SUPPORT_PHONE = '+27 21 000 0000';

/** The footer of every page: app stores, support contact and the version. */
export function SiteFooter({ compact = false }: { compact?: boolean }) {
  return (
    <Box
      component="footer"
      py={compact ? 'sm' : 'lg'}
      px="lg"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
      bg="white"
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="md" wrap="wrap">
          <Anchor href="https://apps.apple.com/" target="_blank" rel="noreferrer" size="sm">
            Download on the App Store
          </Anchor>
          <Anchor href="https://play.google.com/store" target="_blank" rel="noreferrer" size="sm">
            Get it on Google Play
          </Anchor>
        </Group>
        <Text size="sm" c="dimmed">
          Support:{' '}
          <Anchor href={`mailto:${SUPPORT_EMAIL}`} inherit>
            {SUPPORT_EMAIL}
          </Anchor>
          {' · '}
          <Anchor
            href={`tel:${SUPPORT_PHONE.replace(/\s/g, '')}`}
            inherit
            style={{ whiteSpace: 'nowrap' }}
          >
            {SUPPORT_PHONE}
          </Anchor>
        </Text>
        <Group gap="md" wrap="wrap">
          <Anchor component={Link} to="/termsandconditions" size="sm" c="dimmed">
            Terms
          </Anchor>
          <Anchor component={Link} to="/privacypolicy" size="sm" c="dimmed">
            Privacy
          </Anchor>
          <Text size="sm" c="dimmed">
            Version {VERSION}
          </Text>
        </Group>
      </Group>
    </Box>
  );
}
