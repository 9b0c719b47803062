import type { AxiosInstance } from 'axios';
import { pathOf } from '../../contract/endpoint.ts';
import type { Page } from '../../contract/list.contract.ts';
import {
  mailboxEndpoints,
  type CapturedMail,
  type CapturedMailDetail,
  type MailboxStatus,
} from '../../contract/mailbox.contract.ts';
import type { ListRequest } from '../machines/list.machine.ts';
import type { MailFile } from '../machines/mailbox.machine.ts';
import type { Call } from './http.ts';

export function listMailbox(
  call: Call,
  request: ListRequest,
  signal?: AbortSignal,
): Promise<Page<CapturedMail>> {
  const ordering =
    request.ordering === 'received_at' || request.ordering === '-received_at' ? request.ordering : undefined;
  return call(
    mailboxEndpoints.list,
    {
      query: {
        page: request.page,
        page_size: request.page_size,
        ...(request.search ? { search: request.search } : {}),
        ...(ordering ? { ordering } : {}),
      },
    },
    signal,
  );
}

export const getMail = (call: Call, id: string, signal?: AbortSignal): Promise<CapturedMailDetail> =>
  call(mailboxEndpoints.get, { params: { id } }, signal);

export const getMailboxStatus = (call: Call, signal?: AbortSignal): Promise<MailboxStatus> =>
  call(mailboxEndpoints.status, {}, signal);

export const clearMailbox = (call: Call, signal?: AbortSignal): Promise<void> =>
  call(mailboxEndpoints.clear, {}, signal);

/**
 * Downloads go through the app's http client, not a plain link: the API wants the bearer token,
 * which a link cannot carry (and must never carry in its URL).
 */
export async function downloadMailFile(
  http: AxiosInstance,
  file: MailFile,
  signal?: AbortSignal,
): Promise<Blob> {
  const url =
    file.kind === 'raw'
      ? pathOf(mailboxEndpoints.raw, { id: file.id })
      : pathOf(mailboxEndpoints.attachment, { id: file.id, index: String(file.index) });
  const response = await http.get<Blob>(url, { responseType: 'blob', signal });
  return response.data;
}

/** Hands a downloaded file to the browser's "save" behaviour. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoked after the click has been handled; revoking at once can cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
