import type { AxiosInstance } from 'axios';
import { pathOf } from '../../contract/endpoint.ts';
import { MAX_PAGE_SIZE } from '../../contract/list.defaults.ts';
import { recipientEndpoints } from '../../contract/recipients.contract.ts';
import { sendEndpoints, type SendRequest, type TestSendRequest } from '../../contract/send.contract.ts';
import { templateEndpoints } from '../../contract/templates.contract.ts';
import {
  uploadEndpoints,
  uploadSchema,
  type Upload,
  type UploadKind,
} from '../../contract/uploads.contract.ts';
import type { PickOption, SourceKind, WizardOptions } from '../machines/send-wizard/types.ts';
import type { Call } from './http.ts';

const firstPage = { page: 1, page_size: MAX_PAGE_SIZE, ordering: 'name' } as const;

/**
 * What the wizard offers to choose from: the sender's own from addresses, templates, and the
 * lists or groups its source needs (the first MAX_PAGE_SIZE by name; the pickers search them).
 */
export async function loadWizardOptions(
  call: Call,
  source: SourceKind,
  signal: AbortSignal,
): Promise<WizardOptions> {
  const none = Promise.resolve<PickOption[]>([]);
  const [senders, templates, lists, groups] = await Promise.all([
    call(sendEndpoints.senderEmails, {}, signal),
    call(templateEndpoints.list, { query: firstPage }, signal),
    source === 'lists'
      ? call(recipientEndpoints.lists, { query: firstPage }, signal).then((page) =>
          page.results.map((list) => ({ id: list.id, name: list.name, size: list.recipients_count })),
        )
      : none,
    source === 'groups'
      ? call(recipientEndpoints.groups, { query: firstPage }, signal).then((page) =>
          page.results.map((group) => ({ id: group.id, name: group.name, size: group.lists_count })),
        )
      : none,
  ]);
  return {
    senderEmails: senders.emails,
    templates: templates.results.map((template) => ({ id: template.id, name: template.name, size: 0 })),
    lists,
    groups,
  };
}

/** One file, multipart, reporting how much of it has left (0..1) for the progress bar. */
export async function uploadWithProgress(
  http: AxiosInstance,
  input: { kind: UploadKind; file: File },
  onProgress: (progress: number) => void,
  signal: AbortSignal,
): Promise<Upload> {
  const form = new FormData();
  form.append('file', input.file, input.file.name);
  const response = await http.post<unknown>(pathOf(uploadEndpoints.create), form, {
    params: { kind: input.kind },
    // The browser writes the multipart boundary itself.
    headers: { 'Content-Type': 'multipart/form-data' },
    signal,
    onUploadProgress: (event) => onProgress(event.total ? event.loaded / event.total : 0),
  });
  return uploadSchema.parse(response.data);
}

export const sendCampaign = (call: Call, body: SendRequest, signal: AbortSignal) =>
  call(sendEndpoints.create, { body }, signal);

export const sendTestCampaign = (call: Call, body: TestSendRequest, signal: AbortSignal) =>
  call(sendEndpoints.test, { body }, signal);

export const checkCampaign = (call: Call, body: SendRequest, signal: AbortSignal) =>
  call(sendEndpoints.check, { body }, signal);
