import { contactEndpoints, type ContactMessage } from '../../contract/contact.contract.ts';
import type { Page } from '../../contract/list.contract.ts';
import type { ListRequest } from '../machines/list.machine.ts';
import type { Call } from './http.ts';

/** The administrators' inbox of contact-form messages, newest first unless asked otherwise. */
export function listContactMessages(
  call: Call,
  request: ListRequest,
  signal?: AbortSignal,
): Promise<Page<ContactMessage>> {
  return call(
    contactEndpoints.list,
    {
      query: {
        page: request.page,
        page_size: request.page_size,
        ...(request.ordering === 'created_at' || request.ordering === '-created_at'
          ? { ordering: request.ordering }
          : {}),
        ...(request.filters.unread === 'true' ? { unread: 'true' as const } : {}),
      },
    },
    signal,
  );
}

export const setContactMessageRead = (call: Call, id: string, read: boolean, signal?: AbortSignal) =>
  call(contactEndpoints.markRead, { params: { id }, body: { read } }, signal);

export const deleteContactMessage = (call: Call, id: string, signal?: AbortSignal) =>
  call(contactEndpoints.remove, { params: { id } }, signal);
