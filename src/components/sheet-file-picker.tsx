import { Button, FileInput, Group } from '@mantine/core';
import { useState } from 'react';

/**
 * Picks a spreadsheet (.xlsx, .xls, .csv) and hands it on with a button, for the recipients import
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
      <FileInput label={label} accept=".xlsx,.xls,.csv" value={file} onChange={setFile} clearable />
      <Button onClick={() => onPick(file)}>{buttonLabel}</Button>
    </Group>
  );
}
