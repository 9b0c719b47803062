import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { API_V1_PREFIX } from '../../../contract/api-v1.contract.ts';
import { useAppServices } from '../../app/app-services.tsx';
import { provideApiReference } from '../../app/wiring/developer.wiring.ts';
import ar from '../../i18n/locales/ar/developer.json';
import en from '../../i18n/locales/en/developer.json';
import { useNamespace } from '../../i18n/use-namespace.ts';
import type { OpenApiDocument } from '../../machines/developer/api-reference.machine.ts';

type Schema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
};
type Parameter = { name: string; in: string; required?: boolean; schema?: Schema };
type Operation = {
  operationId: string;
  summary?: string;
  tags?: string[];
  'x-scope'?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, unknown>;
};
type Entry = { method: string; path: string; operation: Operation };

/** A short, readable type: `string`, `integer`, `array of string`, `one of a | b`. */
export function typeOf(schema: Schema | undefined): string {
  if (!schema) return 'any';
  if (schema.enum) return schema.enum.map(String).join(' | ');
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map(typeOf).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type;
  if (type === 'array') return `${typeOf(schema.items)}[]`;
  return schema.format ? `${type ?? 'any'} (${schema.format})` : (type ?? 'object');
}

/** Every operation of the document, grouped by its first tag in the document's order. */
function operationsByTag(document: OpenApiDocument): Map<string, Entry[]> {
  const groups = new Map<string, Entry[]>();
  const paths = (document.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const tag = operation.tags?.[0] ?? '';
      groups.set(tag, [...(groups.get(tag) ?? []), { method: method.toUpperCase(), path, operation }]);
    }
  }
  return groups;
}

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

function OperationCard({ entry }: { entry: Entry }) {
  const { t } = useNamespace('developer', { ar, en });
  const { method, path, operation } = entry;
  const parameters = operation.parameters ?? [];
  const body = operation.requestBody?.content?.['application/json']?.schema;
  const success = Object.keys(operation.responses ?? {}).find((status) => status.startsWith('2'));
  const headingId = `op-${operation.operationId}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={3} id={headingId} fz="md" dir="ltr" ta="start">
          <Badge mr="xs" variant="filled" color="blue.9" tt="none">
            {method}
          </Badge>
          <Code>{path}</Code>
        </Title>
        {operation.summary ? <Text dir="ltr">{operation.summary}</Text> : null}
        <Group gap="xs">
          <Text span fw={600}>
            {t('developer:reference.scope')}
          </Text>
          <Code dir="ltr">{operation['x-scope']}</Code>
        </Group>
        {parameters.length > 0 ? (
          <Table.ScrollContainer minWidth={400}>
            <Table>
              <caption>{t('developer:reference.parameters')}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('developer:reference.parameterName')}</Table.Th>
                  <Table.Th>{t('developer:reference.parameterIn')}</Table.Th>
                  <Table.Th>{t('developer:reference.parameterType')}</Table.Th>
                  <Table.Th>{t('developer:reference.parameterRequired')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {parameters.map((parameter) => (
                  <Table.Tr key={`${parameter.in}-${parameter.name}`}>
                    <Table.Td dir="ltr">
                      <Code>{parameter.name}</Code>
                    </Table.Td>
                    <Table.Td dir="ltr">{parameter.in}</Table.Td>
                    <Table.Td dir="ltr">{typeOf(parameter.schema)}</Table.Td>
                    <Table.Td>
                      {t(parameter.required ? 'developer:reference.yes' : 'developer:reference.no')}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
        {body?.properties ? (
          <Table.ScrollContainer minWidth={400}>
            <Table>
              <caption>{t('developer:reference.body')}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('developer:reference.parameterName')}</Table.Th>
                  <Table.Th>{t('developer:reference.parameterType')}</Table.Th>
                  <Table.Th>{t('developer:reference.parameterRequired')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {Object.entries(body.properties).map(([name, schema]) => (
                  <Table.Tr key={name}>
                    <Table.Td dir="ltr">
                      <Code>{name}</Code>
                    </Table.Td>
                    <Table.Td dir="ltr">{typeOf(schema)}</Table.Td>
                    <Table.Td>
                      {t(
                        body.required?.includes(name) ? 'developer:reference.yes' : 'developer:reference.no',
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
        {success ? <Text size="sm">{t('developer:reference.success', { status: success })}</Text> : null}
      </Stack>
    </Paper>
  );
}

/**
 * Developer tools -> HTTP v1: the reference, rendered from the OpenAPI document the server
 * generates from the contract (so it lists exactly what /api/v1 serves), with first-request
 * examples that carry this installation's own address.
 */
export default function ApiReferenceScreen() {
  const { t } = useNamespace('developer', { ar, en });
  const { call } = useAppServices();
  const [machine] = useState(() => provideApiReference({ call }));
  const actor = useActorRef(machine);
  const document = useSelector(actor, (snapshot) => snapshot.context.document);
  const failed = useSelector(actor, (snapshot) => snapshot.matches('failed'));
  const errorKey = useSelector(actor, (snapshot) => snapshot.context.errorKey);
  const baseUrl = `${window.location.origin}${API_V1_PREFIX}`;
  const examples = examplesFor(baseUrl);

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
        {(Object.keys(examples) as (keyof typeof examples)[]).map((language) => (
          <Tabs.Panel key={language} value={language} pt="sm">
            <Code block dir="ltr" tabIndex={0}>
              {examples[language]}
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
        <Group role="status">
          <Loader size="sm" />
          <Text>{t('developer:reference.loading')}</Text>
        </Group>
      ) : (
        [...operationsByTag(document)].map(([tag, entries]) => (
          <Stack
            key={tag}
            gap="md"
            component="section"
            aria-label={t('developer:reference.operationsLabel', { tag })}
          >
            <Title order={2} dir="ltr" ta="start">
              {tag}
            </Title>
            {entries.map((entry) => (
              <OperationCard key={entry.operation.operationId} entry={entry} />
            ))}
          </Stack>
        ))
      )}
    </Stack>
  );
}
