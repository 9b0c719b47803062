import { validationKeys } from '../../../contract/errors.contract.ts';
import { extraFieldsComplete, type Recipient } from '../../../contract/recipients.contract.ts';
import type { FieldErrors } from '../../machines/submit.machine.ts';

export type RecipientValues = Omit<Recipient, 'id' | 'list_id' | 'created_at' | 'updated_at'>;

export const blank: RecipientValues = {
  email: '',
  name: '',
  job_title: '',
  phone: '',
  organization: '',
  country: '',
  attachment: '',
  extra: [],
};

/** Spec §5: every extra field needs a name and a value; the e-mail is required. */
export function checkRecipient(values: RecipientValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.email.trim()) errors.email = validationKeys.required;
  if (!extraFieldsComplete(values.extra)) errors.extra = validationKeys.extraIncomplete;
  return errors;
}
