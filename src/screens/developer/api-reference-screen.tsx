import { Alert, Anchor, Button, Code, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useState } from 'react';
import { API_V1_PREFIX } from '../../../contract/api-v1.contract.ts';
import { useAppServices } from '../../app/app-services.tsx';
import { provideApiReference } from '../../app/wiring/developer.wiring.ts';
import { DEFAULT_LANGUAGE, isLanguage } from '../../i18n/languages.ts';
import ar from '../../i18n/locales/ar/developer.json';
import en from '../../i18n/locales/en/developer.json';
import { useNamespace } from '../../i18n/use-namespace.ts';

/** Scalar weighs far more than the rest of the dashboard: its own chunks, fetched on this screen only. */
const OpenApiViewer = lazy(() => import('./openapi-viewer.tsx'));

export const examplesFor = (baseUrl: string) => ({
  curl: `curl -X POST "${baseUrl}/send/" \\
  -H "Authorization: Bearer $EL_NAMER_API_KEY" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: order-1001" \\
  -H "Accept-Language: en" \\
  -d '{"subject":"Hello {{name}}","html":"<p>Dear {{name}}</p>","from_email":"news@example.com","sender_name":"Shop","source":{"type":"single","recipient":{"email":"ann@example.com","name":"Ann","variables":{}}}}'`,
  javascript: `const response = await fetch('${baseUrl}/send/', {
  method: 'POST',
  headers: {
    Authorization: \`Bearer \${process.env.EL_NAMER_API_KEY}\`,
    'Content-Type': 'application/json',
    'Idempotency-Key': 'order-1001',
  },
  body: JSON.stringify({
    subject: 'Hello {{name}}',
    html: '<p>Dear {{name}}</p>',
    from_email: 'news@example.com',
    sender_name: 'Shop',
    source: { type: 'single', recipient: { email: 'ann@example.com', name: 'Ann', variables: {} } },
  }),
});
console.log(response.status, await response.json());`,
  python: `import os, requests

response = requests.post(
    "${baseUrl}/send/",
    headers={
        "Authorization": f"Bearer {os.environ['EL_NAMER_API_KEY']}",
        "Idempotency-Key": "order-1001",
    },
    json={
        "subject": "Hello {{name}}",
        "html": "<p>Dear {{name}}</p>",
        "from_email": "news@example.com",
        "sender_name": "Shop",
        "source": {"type": "single", "recipient": {"email": "ann@example.com", "name": "Ann", "variables": {}}},
    },
)
print(response.status_code, response.json())`,
});

/**
 * Developer tools -> HTTP v1: how to call the API (address, key, a first request in curl,
 * JavaScript and Python carrying this installation's own address, the rules every call follows),
 * then the reference of every operation, drawn by Scalar from the OpenAPI document the server
 * generates from the contract (so it lists exactly what /api/v1 serves).
 */
export default function ApiReferenceScreen() {
  const { t, i18n } = useNamespace('developer', { ar, en });
  const { call } = useAppServices();
  const [machine] = useState(() => provideApiReference({ call }));
  const actor = useActorRef(machine);
  const document = useSelector(actor, (snapshot) => snapshot.context.document);
  const failed = useSelector(actor, (snapshot) => snapshot.matches('failed'));
  const errorKey = useSelector(actor, (snapshot) => snapshot.context.errorKey);
  const baseUrl = `${window.location.origin}${API_V1_PREFIX}`;
  const examples = examplesFor(baseUrl);
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const loadingNote = (
    <Group role="status">
      <Loader size="sm" />
      <Text>{t('developer:reference.loading')}</Text>
    </Group>
  );

  return (
    <Stack gap="lg">
      <Title order={1}>{t('developer:reference.title')}</Title>
      <Text>{t('developer:reference.intro')}</Text>
      <Group gap="xs">
        <Text span fw={600}>
          {t('developer:reference.baseUrl')}
        </Text>
        <Code dir="ltr">{baseUrl}</Code>
        <Anchor href={`${baseUrl}/openapi.json`} target="_blank" rel="noreferrer">
          {t('developer:reference.openapi')}
        </Anchor>
      </Group>

      <Title order={2}>{t('developer:reference.authHeading')}</Title>
      <Text>{t('developer:reference.authText')}</Text>

      <Title order={2}>{t('developer:reference.examplesHeading')}</Title>
      <Tabs defaultValue="curl" keepMounted={false}>
        <Tabs.List aria-label={t('developer:reference.examplesLabel')}>
          <Tabs.Tab value="curl">curl</Tabs.Tab>
          <Tabs.Tab value="javascript">JavaScript</Tabs.Tab>
          <Tabs.Tab value="python">Python</Tabs.Tab>
        </Tabs.List>
        {(Object.keys(examples) as (keyof typeof examples)[]).map((client) => (
          <Tabs.Panel key={client} value={client} pt="sm">
            <Code block dir="ltr" tabIndex={0}>
              {examples[client]}
            </Code>
          </Tabs.Panel>
        ))}
      </Tabs>

      <Title order={2}>{t('developer:reference.rulesHeading')}</Title>
      <Stack gap="xs">
        <Text>{t('developer:reference.idempotency')}</Text>
        <Text>{t('developer:reference.rateLimit')}</Text>
        <Text>{t('developer:reference.errors')}</Text>
      </Stack>

      {failed ? (
        <Alert color="red" role="alert" title={t('developer:reference.failed')}>
          <Stack gap="xs" align="flex-start">
            {errorKey ? <Text>{t(errorKey, { ns: 'common' })}</Text> : null}
            <Button onClick={() => actor.send({ type: 'retry' })}>{t('developer:reference.retry')}</Button>
          </Stack>
        </Alert>
      ) : !document ? (
        loadingNote
      ) : (
        <Suspense fallback={loadingNote}>
          <OpenApiViewer document={document} baseUrl={baseUrl} language={language} />
        </Suspense>
      )}
    </Stack>
  );
}
