import { Alert, CloseButton, FileInput, Group, Progress, Radio, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { UploadKind } from '../../../../contract/uploads.contract.ts';
import type { UploadItem } from '../../../machines/send-wizard/types.ts';
import type { UploadsActorRef } from '../../../machines/send-wizard/uploads.machine.ts';
import { errorOf, type StepProps } from './step-props.ts';

const LISTED_MISSING = 20;
const accepts: Record<UploadKind, string> = {
  zip: '.zip,application/zip',
  attachment: '',
  image: 'image/png,image/jpeg,image/gif,image/webp',
};

function ItemRow({ item, uploads }: { item: UploadItem; uploads: UploadsActorRef }) {
  const { t } = useTranslation();
  const name = item.fileName;
  return (
    <Group wrap="nowrap" gap="sm">
      <Stack gap={2} style={{ flex: 1 }}>
        <Text size="sm" dir="auto">
          {item.status === 'done' ? t('send:attachments.done', { name }) : name}
          {item.upload && item.kind === 'zip'
            ? ` · ${t('send:attachments.entries', { count: item.upload.entries_count })}`
            : ''}
        </Text>
        {item.status === 'failed' ? (
          <Text size="sm" c="red.9" role="alert">
            {t(item.errorKey ?? 'errors.unexpected', item.errorValues ?? {})}
          </Text>
        ) : (
          <Progress
            value={Math.round(item.progress * 100)}
            aria-label={t('send:attachments.progress', { name })}
            color={item.status === 'done' ? 'teal.9' : 'blue.9'}
          />
        )}
      </Stack>
      <CloseButton
        aria-label={t('send:attachments.remove', { name })}
        onClick={() => uploads.send({ type: 'upload.remove', key: item.key })}
      />
    </Group>
  );
}

function Section({
  kind,
  uploads,
  items,
}: {
  kind: UploadKind;
  uploads: UploadsActorRef;
  items: UploadItem[];
}) {
  const { t } = useTranslation();
  const mine = items.filter((item) => item.kind === kind);
  const label = t(kind === 'zip' ? 'send:attachments.zips' : `send:attachments.${kind}`);
  const add = (file: File | null) => uploads.send({ type: 'upload.add', kind, file });
  return (
    <Stack gap="xs">
      {kind === 'zip' ? (
        <FileInput
          label={label}
          description={t('send:attachments.zipsHint')}
          accept={accepts.zip}
          multiple
          value={[]}
          onChange={(files) => files.forEach(add)}
        />
      ) : (
        <FileInput
          label={label}
          accept={accepts[kind] || undefined}
          value={null}
          onChange={(file) => file && add(file)}
        />
      )}
      {mine.map((item) => (
        <ItemRow key={item.key} item={item} uploads={uploads} />
      ))}
    </Stack>
  );
}

export function AttachmentsStep({ state, send }: StepProps) {
  const { t } = useTranslation();
  const uploads = state.children.uploads as UploadsActorRef | undefined;
  const pickError = useSelector(uploads, (snapshot) => snapshot?.context.errorKey ?? null);
  const { draft, errors, check } = state.context;
  const missing = check?.missing_attachments_count ?? 0;
  if (!uploads) return null;
  return (
    <Stack gap="md">
      {pickError ? (
        <Alert color="red" role="alert">
          {t(pickError)}
        </Alert>
      ) : null}
      {errors.uploads ? (
        <Alert color="red" role="alert">
          {t(errors.uploads)}
        </Alert>
      ) : null}
      {(['zip', 'attachment', 'image'] as const).map((kind) => (
        <Section key={kind} kind={kind} uploads={uploads} items={draft.uploads} />
      ))}
      {missing > 0 && check ? (
        <Stack gap="xs" component="section" aria-labelledby="send-missing">
          <Title order={3} id="send-missing">
            {t('send:attachments.missingHeading', { count: missing })}
          </Title>
          <ul style={{ margin: 0 }}>
            {check.missing_attachments.slice(0, LISTED_MISSING).map((row) => (
              <li key={row.email} dir="auto">
                {t('send:attachments.missingRow', { email: row.email, file: row.attachment })}
              </li>
            ))}
          </ul>
          {missing > LISTED_MISSING ? (
            <Text>{t('send:attachments.more', { count: missing - LISTED_MISSING })}</Text>
          ) : null}
          <Radio.Group
            label={t('send:attachments.choice')}
            value={draft.missingChoice}
            error={errorOf(t, errors.missingChoice)}
            onChange={(value) =>
              send({ type: 'attachments.choice', value: value as 'skip' | 'send_without' })
            }
          >
            <Stack gap="xs" mt="xs">
              <Radio value="skip" label={t('send:attachments.skip')} />
              <Radio value="send_without" label={t('send:attachments.sendWithout')} />
            </Stack>
          </Radio.Group>
        </Stack>
      ) : null}
    </Stack>
  );
}
