import type { Page } from '../../contract/list.contract.ts';
import {
  recipientEndpoints as api,
  type ExportFormat,
  type Recipient,
  type RecipientGroup,
  type RecipientList,
} from '../../contract/recipients.contract.ts';
import type { AxiosInstance } from 'axios';
import { pathOf } from '../../contract/endpoint.ts';
import type { ListRequest } from '../machines/list.machine.ts';
import type { Call } from './http.ts';

/** The list machine's request as the shared list query (empty search and ordering left out). */
const toQuery = (request: ListRequest) => ({
  page: request.page,
  page_size: request.page_size,
  ...(request.search ? { search: request.search } : {}),
  ...(request.ordering ? { ordering: request.ordering } : {}),
});

export const recipientsService = (call: Call) => ({
  lists: (request: ListRequest, signal: AbortSignal): Promise<Page<RecipientList>> =>
    call(api.lists, { query: toQuery(request) as never }, signal),
  allLists: (signal?: AbortSignal): Promise<Page<RecipientList>> =>
    call(api.lists, { query: { page: 1, page_size: 200, ordering: 'name' } }, signal),
  getList: (id: string, signal?: AbortSignal) => call(api.getList, { params: { id } }, signal),
  createList: (name: string) => call(api.createList, { body: { name } }),
  renameList: (id: string, name: string) => call(api.updateList, { params: { id }, body: { name } }),
  removeList: ({ id }: { id: string }, signal: AbortSignal) =>
    call(api.removeList, { params: { id } }, signal),
  recipients:
    (listId: string) =>
    (request: ListRequest, signal: AbortSignal): Promise<Page<Recipient>> =>
      call(api.recipients, { query: { ...toQuery(request), list: listId } as never }, signal),
  createRecipient: (
    body: Omit<Recipient, 'id' | 'list_id' | 'created_at' | 'updated_at'> & { list: string },
  ) => call(api.createRecipient, { body }),
  updateRecipient: (id: string, body: Partial<Recipient>) =>
    call(api.updateRecipient, {
      params: { id },
      body: {
        email: body.email,
        name: body.name,
        job_title: body.job_title,
        phone: body.phone,
        organization: body.organization,
        country: body.country,
        attachment: body.attachment,
        extra: body.extra,
      },
    }),
  removeRecipient: ({ id }: { id: string }, signal: AbortSignal) =>
    call(api.removeRecipient, { params: { id } }, signal),
  groups: (request: ListRequest, signal: AbortSignal): Promise<Page<RecipientGroup>> =>
    call(api.groups, { query: toQuery(request) as never }, signal),
  getGroup: (id: string, signal?: AbortSignal) => call(api.getGroup, { params: { id } }, signal),
  createGroup: (body: { name: string; lists: string[] }) => call(api.createGroup, { body }),
  updateGroup: (id: string, body: { name: string; lists: string[] }) =>
    call(api.updateGroup, { params: { id }, body }),
  removeGroup: ({ id }: { id: string }, signal: AbortSignal) =>
    call(api.removeGroup, { params: { id } }, signal),
});

/** Downloads a list's export as a file: the answer is a spreadsheet, not JSON. */
export async function downloadExport(
  http: AxiosInstance,
  list: { id: string; name: string },
  format: ExportFormat,
) {
  const response = await http.get<Blob>(pathOf(api.exportList, { id: list.id }), {
    params: { format },
    responseType: 'blob',
    headers: { Accept: '*/*' },
  });
  saveFile(response.data, `${list.name}.${format}`);
}

export function saveFile(data: Blob, fileName: string) {
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
