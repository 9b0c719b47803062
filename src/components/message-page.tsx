import { Button, Center, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

interface MessagePageProps {
  /** A large status line above the title, such as 403 or 404. */
  code?: string;
  title: string;
  message?: ReactNode;
  /** The way out of the page; every error and result page offers one. */
  action?: { label: string; to: string };
}

/** The shared frame of error and result pages, so they differ only in their texts. */
export function MessagePage({ code, title, message, action }: MessagePageProps) {
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="sm" maw={520}>
        {code ? (
          <Text fz={64} fw={800} c="dimmed" lh={1}>
            {code}
          </Text>
        ) : null}
        <Title order={1} ta="center">
          {title}
        </Title>
        {message ? (
          <Text c="dimmed" ta="center">
            {message}
          </Text>
        ) : null}
        {action ? (
          <Button component={Link} to={action.to} mt="md">
            {action.label}
          </Button>
        ) : null}
      </Stack>
    </Center>
  );
}
