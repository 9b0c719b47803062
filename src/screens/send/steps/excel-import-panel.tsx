import { Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  excelListFields,
  excelTargets,
  toSendRows,
  type ExcelImportActorRef,
  type ExcelTarget,
} from '../../../machines/send-wizard/excel-import.machine.ts';
import {
  columnLabel,
  phoneLikeColumns,
  rejectedFileName,
  rejectedRowsTable,
} from '../../../lib/recipient-import/columns.ts';
import { SheetPickStep } from '../../../components/sheet-file-picker.tsx';
import { SheetChoices } from '../../../components/sheet-choices.tsx';
import { saveRejectedRows } from '../../../services/recipient-import/rejected-file.service.ts';

const PREVIEW_ROWS = 3;

/** The "from Excel" source: pick, parse in the worker, match the columns, use the rows. */
export function ExcelImportPanel({ actor }: { actor: ExcelImportActorRef }) {
  const { t } = useTranslation();
  const state = useSelector(actor, (snapshot) => snapshot);
  const { context } = state;
  const mappingStep = state.matches('mapping');
  const { rows, mapping, headers, variableNames, asciiDigits } = context;
  const checked = useMemo(
    () => (mappingStep ? toSendRows(context) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- what toSendRows reads, not the whole context
    [mappingStep, rows, mapping, variableNames, asciiDigits],
  );
  const skipped = checked?.skipped ?? 0;
  // Reads every row: once per sheet, header or mapping, not on every render.
  const digitColumns = useMemo(
    () => phoneLikeColumns(rows, mapping).flatMap((on, column) => (on ? [columnLabel(headers, column)] : [])),
    [rows, mapping, headers],
  );
  const downloadSkipped = (format: 'csv' | 'xlsx') => {
    const table = rejectedRowsTable(
      context.headers,
      context.rows,
      checked?.rejected ?? [],
      { row: t('recipients:import.rowHeader'), reason: t('recipients:import.reasonHeader') },
      (key, values) => t(key, values),
    );
    void saveRejectedRows(table, rejectedFileName(context.file?.name, format), format);
  };
  const targetLabel = (target: ExcelTarget, column: number) =>
    // The list fields read as in the list import ("Phone number"), not as a variable.
    (excelListFields as readonly string[]).includes(target)
      ? t(`recipients:fields.${target}`)
      : t(`send:excel.targets.${target}`, {
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
          <SheetChoices
            sheets={context.sheets}
            sheetIndex={context.sheetIndex}
            headerIndex={context.headerIndex}
            asciiDigits={context.asciiDigits}
            digitColumns={digitColumns}
            onSheet={(index) => actor.send({ type: 'excel.sheet', index })}
            onHeader={(index) => actor.send({ type: 'excel.header', index })}
            onDigits={(on) => actor.send({ type: 'excel.digits', on })}
          />
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
          {skipped > 0 ? (
            <Group>
              <Text c="orange.9">{t('send:excel.skipped', { count: skipped })}</Text>
              <Button variant="light" size="xs" onClick={() => downloadSkipped('csv')}>
                {t('recipients:import.downloadRejected')}
              </Button>
              <Button variant="light" size="xs" onClick={() => downloadSkipped('xlsx')}>
                {t('recipients:import.downloadRejectedXlsx')}
              </Button>
            </Group>
          ) : null}
          {checked && checked.cleaned > 0 ? (
            <Text size="sm">{t('recipients:import.cleaned', { count: checked.cleaned })}</Text>
          ) : null}
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
