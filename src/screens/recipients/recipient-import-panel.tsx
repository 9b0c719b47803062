import { Button, Group, Progress, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useAppServices } from '../../app/app-services.tsx';
import { progressOf, recipientImportMachine, unstoredRows } from '../../machines/recipient-import.machine.ts';
import {
  columnLabel,
  phoneLikeColumns,
  recipientFields,
  rejectedFileName,
  rejectedRowsTable,
  type ColumnTarget,
} from '../../lib/recipient-import/columns.ts';
import { parseInWorker, uploadChunk } from '../../services/recipient-import/import.service.ts';
import { saveRejectedRows } from '../../services/recipient-import/rejected-file.service.ts';
import { useRecipientsI18n } from './use-recipients-i18n.ts';
import { SheetPickStep } from '../../components/sheet-file-picker.tsx';
import { SheetChoices } from '../../components/sheet-choices.tsx';

const PREVIEW_ROWS = 5;

/** Import from a file into one list: pick, map the columns, upload with progress, read the summary. */
export function RecipientImportPanel({ listId, onImported }: { listId: string; onImported: () => void }) {
  const { t } = useRecipientsI18n();
  const { call, notify } = useAppServices();
  const actor = useActorRef(
    recipientImportMachine.provide({
      actors: {
        parseFile: fromPromise(({ input, signal }) => parseInWorker(input.file, signal)),
        uploadChunk: fromPromise(({ input, signal }) => uploadChunk(call)(input, signal)),
      },
      actions: {
        notify: (_, notice) => {
          notify(notice);
          onImported();
        },
      },
    }),
    { input: { listId } },
  );
  const state = useSelector(actor, (snapshot) => snapshot);
  const { context } = state;
  const options = [
    ...recipientFields.map((field) => ({ value: field, label: t(`recipients:fields.${field}`) })),
    { value: 'extra', label: t('recipients:import.asExtra') },
    { value: 'skip', label: t('recipients:import.skip') },
  ];

  const unstored = state.matches('summary') ? unstoredRows(context) : [];
  const downloadRejected = (format: 'csv' | 'xlsx') => {
    const table = rejectedRowsTable(
      context.headers,
      context.rows,
      unstored,
      { row: t('recipients:import.rowHeader'), reason: t('recipients:import.reasonHeader') },
      (key, values) => t(key, values),
    );
    void saveRejectedRows(table, rejectedFileName(context.file?.name, format), format);
  };
  // Reads every row: once per sheet, header or mapping, not on every render.
  const { rows, mapping, headers } = context;
  const digitColumns = useMemo(
    () => phoneLikeColumns(rows, mapping).flatMap((on, column) => (on ? [columnLabel(headers, column)] : [])),
    [rows, mapping, headers],
  );

  return (
    <Stack gap="sm" component="section" aria-labelledby="import-title">
      <Title order={2} id="import-title">
        {t('recipients:import.title')}
      </Title>
      <SheetPickStep
        errorKey={context.errorKey}
        phase={state.matches('picking') ? 'picking' : state.matches('parsing') ? 'parsing' : 'past'}
        texts={{
          pick: t('recipients:import.pick'),
          button: t('recipients:import.choose'),
          parsing: t('recipients:import.parsing'),
          cancel: t('recipients:import.cancel'),
        }}
        onPick={(file) => actor.send({ type: 'import.pick', file })}
        onCancel={() => actor.send({ type: 'import.cancel' })}
      />
      {state.matches('mapping') ? (
        <Stack gap="sm">
          <SheetChoices
            sheets={context.sheets}
            sheetIndex={context.sheetIndex}
            headerIndex={context.headerIndex}
            asciiDigits={context.asciiDigits}
            digitColumns={digitColumns}
            onSheet={(index) => actor.send({ type: 'import.sheet', index })}
            onHeader={(index) => actor.send({ type: 'import.header', index })}
            onDigits={(on) => actor.send({ type: 'import.digits', on })}
          />
          <Text>{t('recipients:import.preview', { count: context.rows.length })}</Text>
          <Table.ScrollContainer minWidth={480}>
            <Table withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  {context.headers.map((_, column) => (
                    <Table.Th key={column}>
                      <Select
                        aria-label={`${t('recipients:import.mapTo')} ${columnLabel(context.headers, column)}`}
                        label={columnLabel(context.headers, column)}
                        data={options}
                        value={context.mapping[column] ?? 'skip'}
                        allowDeselect={false}
                        onChange={(value) =>
                          actor.send({
                            type: 'import.map',
                            column,
                            target: (value ?? 'skip') as ColumnTarget,
                          })
                        }
                      />
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {context.rows.slice(0, PREVIEW_ROWS).map((row) => (
                  <Table.Tr key={row.line}>
                    {row.cells.map((cell, index) => (
                      <Table.Td key={index}>{cell}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group>
            <Button onClick={() => actor.send({ type: 'import.start' })}>
              {t('recipients:import.start', { count: context.rows.length })}
            </Button>
            <Button variant="default" onClick={() => actor.send({ type: 'import.cancel' })}>
              {t('recipients:import.cancel')}
            </Button>
          </Group>
        </Stack>
      ) : null}
      {state.matches('uploading') ? (
        <Stack gap="xs">
          <Text role="status">
            {t('recipients:import.uploading', { sent: context.sentRows, total: context.rows.length })}
          </Text>
          <Progress value={progressOf(context) * 100} aria-label={t('recipients:import.title')} />
          <Button variant="default" onClick={() => actor.send({ type: 'import.cancel' })}>
            {t('recipients:import.cancel')}
          </Button>
        </Stack>
      ) : null}
      {state.matches('summary') ? (
        <Stack gap="xs" aria-live="polite">
          <Title order={3}>{t('recipients:import.summaryTitle')}</Title>
          <Text>{t('recipients:import.added', { count: context.added })}</Text>
          <Text>{t('recipients:import.updated', { count: context.updated })}</Text>
          <Text>{t('recipients:import.rejected', { count: context.rejected.length })}</Text>
          {context.cleaned > 0 ? (
            <Text>{t('recipients:import.cleaned', { count: context.cleaned })}</Text>
          ) : null}
          {context.cancelled ? <Text>{t('recipients:import.cancelled')}</Text> : null}
          {context.failed.length > 0 ? (
            <Text>
              {t('recipients:import.notSent', {
                count: context.failed.reduce((sum, chunk) => sum + (context.chunks[chunk]?.length ?? 0), 0),
              })}
            </Text>
          ) : null}
          <Group>
            {unstored.length > 0 ? (
              <>
                <Button variant="light" onClick={() => downloadRejected('csv')}>
                  {t('recipients:import.downloadRejected')}
                </Button>
                <Button variant="light" onClick={() => downloadRejected('xlsx')}>
                  {t('recipients:import.downloadRejectedXlsx')}
                </Button>
              </>
            ) : null}
            {context.failed.length > 0 ? (
              <Button onClick={() => actor.send({ type: 'import.retry' })}>
                {t('recipients:import.retry')}
              </Button>
            ) : null}
            <Button
              variant="default"
              // The picker starts empty again: it is mounted anew when the machine is back to picking.
              onClick={() => actor.send({ type: 'import.reset' })}
            >
              {t('recipients:import.again')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}
