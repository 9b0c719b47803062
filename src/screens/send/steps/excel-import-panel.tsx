import { Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  excelTargets,
  toSendRows,
  type ExcelImportActorRef,
  type ExcelTarget,
} from '../../../machines/send-wizard/excel-import.machine.ts';
import { columnLabel } from '../../../lib/recipient-import/columns.ts';
import { SheetPickStep } from '../../../components/sheet-file-picker.tsx';

const PREVIEW_ROWS = 3;

/** The "from Excel" source: pick, parse in the worker, match the columns, use the rows. */
export function ExcelImportPanel({ actor }: { actor: ExcelImportActorRef }) {
  const { t } = useTranslation();
  const state = useSelector(actor, (snapshot) => snapshot);
  const { context } = state;
  const skipped = state.matches('mapping') ? toSendRows(context).skipped : 0;
  const targetLabel = (target: ExcelTarget, column: number) =>
    t(`send:excel.targets.${target}`, {
      name: `{{${context.variableNames[column] ?? ''}}}`,
      interpolation: { escapeValue: false },
    });

  return (
    <Stack gap="sm" component="section" aria-labelledby="excel-title">
      <Title order={3} id="excel-title">
        {t('send:excel.heading')}
      </Title>
      <SheetPickStep
        errorKey={context.errorKey}
        phase={state.matches('picking') ? 'picking' : state.matches('parsing') ? 'parsing' : 'past'}
        texts={{ pick: t('send:excel.pick'), button: t('send:excel.read'), parsing: t('send:excel.reading') }}
        onPick={(file) => actor.send({ type: 'excel.pick', file })}
      />
      {state.matches('mapping') ? (
        <Stack gap="sm">
          <Text fw={500}>{t('send:excel.mapping')}</Text>
          <Text size="sm">{t('send:excel.rows', { count: context.rows.length })}</Text>
          <Group align="flex-start">
            {context.headers.map((_, column) => (
              <Select
                key={column}
                w={200}
                label={t('send:excel.column', { name: columnLabel(context.headers, column) })}
                allowDeselect={false}
                value={context.mapping[column] ?? 'skip'}
                data={excelTargets.map((target) => ({ value: target, label: targetLabel(target, column) }))}
                onChange={(value) =>
                  actor.send({ type: 'excel.map', column, target: (value ?? 'skip') as ExcelTarget })
                }
              />
            ))}
          </Group>
          <Table.ScrollContainer minWidth={400}>
            <Table withTableBorder>
              <Table.Caption>{t('send:excel.preview')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  {context.headers.map((_, column) => (
                    <Table.Th key={column}>{columnLabel(context.headers, column)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {context.rows.slice(0, PREVIEW_ROWS).map((row) => (
                  <Table.Tr key={row.line}>
                    {context.headers.map((_, column) => (
                      <Table.Td key={column}>{row.cells[column] ?? ''}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {skipped > 0 ? <Text c="orange.9">{t('send:excel.skipped', { count: skipped })}</Text> : null}
        </Stack>
      ) : null}
      <Group>
        {state.matches('mapping') ? (
          <Button onClick={() => actor.send({ type: 'excel.confirm' })}>{t('send:excel.confirm')}</Button>
        ) : null}
        <Button variant="default" onClick={() => actor.send({ type: 'excel.cancel' })}>
          {t('send:excel.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
