import { Alert, Button, FileInput, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Picks a spreadsheet (.xlsx, .xls, .csv, or tab-separated .txt/.tsv) and hands it on with a button, for the recipients import
 * and the send wizard's Excel source. An empty pick is handed on too: the machine says it is missing.
 */
export function SheetFilePicker({
  label,
  buttonLabel,
  onPick,
}: {
  label: string;
  buttonLabel: string;
  onPick: (file: File | null) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <Group align="flex-end">
      <FileInput label={label} accept=".xlsx,.xls,.csv,.txt,.tsv" value={file} onChange={setFile} clearable />
      <Button onClick={() => onPick(file)}>{buttonLabel}</Button>
    </Group>
  );
}

/**
 * The part every spreadsheet import shares before its columns are matched: what went wrong (an
 * i18n key from src/machines/sheet-file-rules.ts), the picker while picking, and the worker
 * reading the file (with a cancel where the machine takes one).
 */
export function SheetPickStep({
  errorKey,
  phase,
  texts,
  onPick,
  onCancel,
}: {
  errorKey: string | null;
  phase: 'picking' | 'parsing' | 'past';
  texts: { pick: string; button: string; parsing: string; cancel?: string };
  onPick: (file: File | null) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {errorKey ? (
        <Alert color="red" role="alert">
          {t(errorKey)}
        </Alert>
      ) : null}
      {phase === 'picking' ? (
        <SheetFilePicker label={texts.pick} buttonLabel={texts.button} onPick={onPick} />
      ) : null}
      {phase === 'parsing' ? (
        <Stack gap="xs">
          <Group>
            <Loader size="sm" />
            <Text role="status">{texts.parsing}</Text>
            {onCancel && texts.cancel ? (
              <Button variant="default" onClick={onCancel}>
                {texts.cancel}
              </Button>
            ) : null}
          </Group>
          {/* The worker reads the file in one step: a moving bar, so the page shows it is working. */}
          <Progress value={100} striped animated aria-label={texts.parsing} />
        </Stack>
      ) : null}
    </>
  );
}
