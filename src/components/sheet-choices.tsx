import { Checkbox, Group, Select, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import ar from '../i18n/locales/ar/recipients.json';
import en from '../i18n/locales/en/recipients.json';
import { useNamespace } from '../i18n/use-namespace.ts';
import { headerChoices, type BookSheet } from '../lib/recipient-import/sheet.ts';

/**
 * The choices every spreadsheet import offers before its columns are matched: which sheet (when
 * the workbook has several), which row is the header (the first non-empty one unless the user
 * says otherwise, for files with a title above it), and whether Arabic-Indic digits of number
 * columns are stored as ASCII digits (off by default; the columns it would change are named).
 */
export function SheetChoices({
  sheets,
  sheetIndex,
  headerIndex,
  asciiDigits,
  digitColumns,
  onSheet,
  onHeader,
  onDigits,
}: {
  sheets: readonly BookSheet[];
  sheetIndex: number;
  headerIndex: number;
  asciiDigits: boolean;
  /** The labels of the columns the digits choice applies to. */
  digitColumns: readonly string[];
  onSheet: (index: number) => void;
  onHeader: (index: number) => void;
  onDigits: (on: boolean) => void;
}) {
  useNamespace('recipients', { ar, en });
  const { t } = useTranslation();
  const headerOptions = headerChoices(sheets[sheetIndex]).map((choice) => ({
    value: String(choice.index),
    label: t('recipients:import.headerRowOption', {
      line: choice.line,
      text: choice.text,
      interpolation: { escapeValue: false },
    }),
  }));
  return (
    <Stack gap="xs">
      <Group align="flex-end">
        {sheets.length > 1 ? (
          <Select
            label={t('recipients:import.sheet')}
            data={sheets.map((sheet, index) => ({
              value: String(index),
              label: sheet.name || String(index + 1),
            }))}
            value={String(sheetIndex)}
            allowDeselect={false}
            onChange={(value) => onSheet(Number(value ?? 0))}
          />
        ) : null}
        {headerOptions.length > 1 ? (
          <Select
            w={360}
            label={t('recipients:import.headerRow')}
            description={t('recipients:import.headerRowHelp')}
            data={headerOptions}
            value={String(headerIndex)}
            allowDeselect={false}
            onChange={(value) => onHeader(Number(value ?? 0))}
          />
        ) : null}
      </Group>
      <Checkbox
        label={t('recipients:import.asciiDigits')}
        description={
          digitColumns.length > 0
            ? t('recipients:import.asciiDigitsColumns', {
                columns: digitColumns.join('، '),
                interpolation: { escapeValue: false },
              })
            : t('recipients:import.asciiDigitsNone')
        }
        checked={asciiDigits}
        onChange={(event) => onDigits(event.currentTarget.checked)}
      />
    </Stack>
  );
}
