import type { SendWizardActorRef } from '../../../src/machines/send-wizard/send-wizard.machine.ts';
import { stepOf } from '../../../src/machines/send-wizard/send-wizard.machine.ts';
import { clock } from '../../../src/machines/send-wizard/draft.ts';
import { settle } from '../../support/controlled-actor.ts';
import { checkOf, options, startWizard, template, uploadOf } from '../../support/send-wizard-harness.ts';

const step = (actor: SendWizardActorRef) => stepOf(actor.getSnapshot());
const errors = (actor: SendWizardActorRef) => actor.getSnapshot().context.errors;

async function toMessage(source: 'single' | 'lists' = 'single') {
  const wizard = startWizard({ source });
  wizard.loadOptions.resolve(options);
  await settle();
  if (source === 'single')
    wizard.actor.send({ type: 'recipient.set', field: 'email', value: 'ali@example.com' });
  else wizard.actor.send({ type: 'lists.set', ids: ['l1', 'l2'] });
  wizard.actor.send({ type: 'wizard.next' });
  wizard.checkSend.resolve(checkOf());
  await settle();
  return wizard;
}

async function composed() {
  const wizard = await toMessage();
  const { actor } = wizard;
  actor.send({ type: 'message.set', field: 'subject', value: 'Hello {{name}}' });
  actor.send({ type: 'message.set', field: 'senderName', value: 'El Namer' });
  actor.send({ type: 'message.set', field: 'html', value: '<p>Hi {{name}}</p>' });
  actor.send({ type: 'wizard.next' });
  wizard.checkSend.resolve(checkOf());
  await settle();
  return wizard;
}

describe('send wizard machine', () => {
  afterEach(() => {
    clock.now = () => Date.now();
  });

  it('says "Please select a user." when the single recipient is missing, and counts once filled', async () => {
    const { actor, loadOptions, checkSend } = startWizard({ source: 'single' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    loadOptions.resolve(options);
    await settle();
    expect(actor.getSnapshot().context.draft.fromEmail).toBe('news@sender.example');
    actor.send({ type: 'wizard.next' });
    expect(errors(actor)).toEqual({ 'recipient.email': 'send:recipients.selectUser' });
    expect(checkSend.calls).toHaveLength(0);
    actor.send({ type: 'recipient.set', field: 'email', value: 'not-an-address' });
    expect(errors(actor)).toEqual({});
    actor.send({ type: 'wizard.next' });
    expect(errors(actor)).toEqual({ 'recipient.email': 'validation.email' });
    // The contract's rule: a right-to-left mark pasted into the address has its own message.
    actor.send({ type: 'recipient.set', field: 'email', value: 'ali\u200F@example.com' });
    actor.send({ type: 'wizard.next' });
    expect(errors(actor)).toEqual({ 'recipient.email': 'validation.emailInvisible' });
    actor.send({ type: 'recipient.set', field: 'email', value: 'ali@example.com' });
    actor.send({ type: 'recipient.variable.add' });
    actor.send({ type: 'recipient.variable.set', index: 0, field: 'name', value: 'رقم' });
    actor.send({ type: 'wizard.next' });
    expect(errors(actor)).toEqual({ 'variables.0': 'send:recipients.variableName' });
    actor.send({ type: 'recipient.variable.set', index: 0, field: 'name', value: 'contract_no' });
    actor.send({ type: 'recipient.variable.set', index: 0, field: 'value', value: 'C-9' });
    actor.send({ type: 'wizard.next' });
    // The first step's count: the body is whole, with placeholders for the message not written yet.
    expect(checkSend.last().input.request).toMatchObject({
      subject: '-',
      from_email: 'news@sender.example',
      source: { type: 'single', recipient: { email: 'ali@example.com', variables: { contract_no: 'C-9' } } },
    });
    checkSend.resolve(checkOf({ recipients_count: 1 }));
    await settle();
    expect(step(actor)).toBe('message');
    expect(actor.getSnapshot().context.check?.recipients_count).toBe(1);
  });

  it('stays on the recipients step when the chosen lists hold nobody', async () => {
    const { actor, loadOptions, checkSend } = startWizard({ source: 'lists' });
    loadOptions.resolve(options);
    await settle();
    actor.send({ type: 'wizard.next' });
    expect(errors(actor)).toEqual({ source: 'send:recipients.pickLists' });
    actor.send({ type: 'lists.set', ids: ['l1', 'l1', 'l2'] });
    expect(actor.getSnapshot().context.draft.listIds).toEqual(['l1', 'l2']);
    actor.send({ type: 'wizard.next' });
    checkSend.resolve(checkOf({ recipients_count: 0 }));
    await settle();
    expect(step(actor)).toBe('recipients');
    expect(errors(actor)).toEqual({ source: 'validation.noRecipients' });
  });

  it('sends an optional reply-to address, refusing one that is not an address', async () => {
    const wizard = await toMessage();
    const { actor } = wizard;
    actor.send({ type: 'message.set', field: 'subject', value: 'Hello' });
    actor.send({ type: 'message.set', field: 'senderName', value: 'El Namer' });
    actor.send({ type: 'message.set', field: 'html', value: '<p>Hi</p>' });
    actor.send({ type: 'message.set', field: 'replyTo', value: 'not an address' });
    actor.send({ type: 'wizard.next' });
    expect(errors(actor)).toEqual({ replyTo: 'validation.email' });
    expect(step(actor)).toBe('message');
    actor.send({ type: 'message.set', field: 'replyTo', value: 'answers@sender\u200B.example' });
    actor.send({ type: 'wizard.next' });
    expect(errors(actor)).toEqual({ replyTo: 'validation.emailInvisible' });
    actor.send({ type: 'message.set', field: 'replyTo', value: ' answers@sender.example ' });
    actor.send({ type: 'wizard.next' });
    expect(wizard.checkSend.last().input.request).toMatchObject({ reply_to: 'answers@sender.example' });
    wizard.checkSend.resolve(checkOf());
    await settle();
    expect(step(actor)).toBe('attachments');
    actor.send({ type: 'wizard.back' });
    actor.send({ type: 'message.set', field: 'replyTo', value: '' });
    actor.send({ type: 'wizard.next' });
    expect(wizard.checkSend.last().input.request).toMatchObject({ reply_to: null });
  });

  it('sends an optional campaign name, trimmed, refusing one longer than 200 characters', async () => {
    const wizard = await toMessage();
    const { actor } = wizard;
    actor.send({ type: 'message.set', field: 'subject', value: 'Hello {{name}}' });
    actor.send({ type: 'message.set', field: 'senderName', value: 'El Namer' });
    actor.send({ type: 'message.set', field: 'html', value: '<p>Hi</p>' });
    actor.send({ type: 'message.set', field: 'campaignName', value: 'x'.repeat(201) });
    actor.send({ type: 'wizard.next' });
    expect(errors(actor)).toEqual({ campaignName: 'validation.tooLong' });
    expect(step(actor)).toBe('message');
    actor.send({ type: 'message.set', field: 'campaignName', value: '  November offer  ' });
    actor.send({ type: 'wizard.next' });
    expect(wizard.checkSend.last().input.request).toMatchObject({ name: 'November offer' });
    wizard.checkSend.resolve(checkOf());
    await settle();
    expect(step(actor)).toBe('attachments');
    actor.send({ type: 'wizard.back' });
    actor.send({ type: 'message.set', field: 'campaignName', value: '   ' });
    actor.send({ type: 'wizard.next' });
    expect(wizard.checkSend.last().input.request).toMatchObject({ name: null });
  });

  it('restores a draft kept before the campaign name existed with the field empty', () => {
    const { draft: kept } = startWizard({ source: 'single' }).actor.getSnapshot().context;
    const { campaignName: _dropped, ...older } = kept;
    const { actor } = startWizard({ source: 'single', draft: older as typeof kept });
    expect(actor.getSnapshot().context.draft.campaignName).toBe('');
  });

  it('restores a draft kept before reply-to existed with the field empty', () => {
    const { draft: kept } = startWizard({ source: 'single' }).actor.getSnapshot().context;
    const { replyTo: _dropped, ...older } = kept;
    const { actor } = startWizard({ source: 'single', draft: older as typeof kept });
    expect(actor.getSnapshot().context.draft.replyTo).toBe('');
  });

  it('starts the message from a template and keeps a subject already written', async () => {
    const { actor, loadTemplate } = await toMessage();
    actor.send({ type: 'message.set', field: 'subject', value: 'Mine' });
    actor.send({ type: 'message.template', id: 'tpl-1' });
    expect(loadTemplate.last().input).toEqual({ id: 'tpl-1' });
    loadTemplate.resolve(template);
    await settle();
    const { draft } = actor.getSnapshot().context;
    expect(draft).toMatchObject({
      subject: 'Mine',
      html: template.content,
      editor: 'html',
      templateId: 'tpl-1',
    });
    actor.send({ type: 'wizard.next' });
    expect(errors(actor)).toEqual({ senderName: 'validation.required' });
  });

  it('lists the variables the check finds missing, and keeps what was entered going back', async () => {
    const { actor, checkSend } = await toMessage();
    actor.send({ type: 'message.set', field: 'html', value: '<p>{{contract_no}}</p>' });
    actor.send({ type: 'message.verify' });
    checkSend.resolve(checkOf({ variables: [{ name: 'contract_no', missing_count: 1 }] }));
    await settle();
    expect(actor.getSnapshot().context.check?.variables).toEqual([{ name: 'contract_no', missing_count: 1 }]);
    actor.send({ type: 'wizard.back' });
    expect(step(actor)).toBe('recipients');
    expect(actor.getSnapshot().context.draft.recipient.email).toBe('ali@example.com');
    expect(actor.getSnapshot().context.draft.html).toBe('<p>{{contract_no}}</p>');
  });

  it('uploads with progress, and asks to skip or send without for unmatched recipients', async () => {
    const { actor, uploads, checkSend } = await composed();
    expect(step(actor)).toBe('attachments');
    const uploader = actor.getSnapshot().children.uploads!;
    uploader.send({ type: 'upload.add', kind: 'zip', file: new File(['x'], 'notes.pdf') });
    expect(uploads).toHaveLength(0);
    uploader.send({ type: 'upload.add', kind: 'zip', file: new File(['x'], 'files.zip') });
    uploads[0]!.report({ type: 'upload.progress', key: uploads[0]!.input.key, progress: 0.5 });
    expect(actor.getSnapshot().context.draft.uploads[0]).toMatchObject({
      progress: 0.5,
      status: 'uploading',
    });
    actor.send({ type: 'wizard.next' });
    expect(errors(actor)).toEqual({ uploads: 'send:attachments.stillUploading' });
    uploads[0]!.report({
      type: 'upload.done',
      key: uploads[0]!.input.key,
      upload: uploadOf('up-1', 'zip', 'files.zip'),
    });
    actor.send({ type: 'wizard.next' });
    expect(checkSend.last().input.request.attachments).toEqual({
      zips: ['up-1'],
      attachment: null,
      image: null,
    });
    checkSend.resolve(
      checkOf({
        missing_attachments_count: 1,
        missing_attachments: [{ email: 'ali@example.com', attachment: 'a.pdf' }],
      }),
    );
    await settle();
    expect(step(actor)).toBe('attachments');
    expect(errors(actor)).toEqual({ missingChoice: 'send:attachments.chooseMissing' });
    actor.send({ type: 'attachments.choice', value: 'skip' });
    actor.send({ type: 'wizard.next' });
    expect(checkSend.last().input.request.missing_attachments).toBe('skip');
    checkSend.resolve(checkOf({ missing_attachments_count: 1 }));
    await settle();
    expect(step(actor)).toBe('survey');
  });

  it('keeps the values of a refused upload for its message (the file in the zip, the quota)', async () => {
    const { actor, uploads } = await composed();
    const uploader = actor.getSnapshot().children.uploads!;
    uploader.send({ type: 'upload.add', kind: 'zip', file: new File(['x'], 'files.zip') });
    uploads[0]!.report({
      type: 'upload.failed',
      key: uploads[0]!.input.key,
      errorKey: 'validation.zipBlockedFile',
      errorValues: { file: 'invoices/inv.exe' },
    });
    expect(actor.getSnapshot().context.draft.uploads[0]).toMatchObject({
      status: 'failed',
      errorKey: 'validation.zipBlockedFile',
      errorValues: { file: 'invoices/inv.exe' },
    });
  });

  it('edits custom questions, refuses a past time, and stops at not enough credit', async () => {
    const wizard = await composed();
    const { actor, checkSend } = wizard;
    actor.send({ type: 'wizard.next' });
    checkSend.resolve(checkOf());
    await settle();
    expect(step(actor)).toBe('survey');
    actor.send({ type: 'survey.type', value: 'custom' });
    actor.send({ type: 'survey.custom.set', index: 0, value: 'First?' });
    actor.send({ type: 'survey.custom.add' });
    actor.send({ type: 'survey.custom.set', index: 1, value: 'Second?' });
    actor.send({ type: 'survey.custom.move', index: 1, by: -1 });
    actor.send({ type: 'survey.custom.add' });
    actor.send({ type: 'wizard.next' });
    expect(errors(actor)).toEqual({ 'questions.2': 'validation.required' });
    actor.send({ type: 'survey.custom.remove', index: 2 });
    expect(actor.getSnapshot().context.draft.survey).toEqual({
      type: 'custom',
      questions: ['Second?', 'First?'],
    });
    actor.send({ type: 'wizard.next' });
    expect(step(actor)).toBe('schedule');
    clock.now = () => new Date('2026-11-24T12:00').getTime();
    actor.send({ type: 'schedule.mode', value: 'later' });
    actor.send({ type: 'schedule.at', value: '2026-11-24T11:59' });
    actor.send({ type: 'wizard.next' });
    expect(errors(actor)).toEqual({ schedule: 'validation.scheduledInPast' });
    actor.send({ type: 'schedule.at', value: '2026-11-24T12:30' });
    actor.send({ type: 'wizard.next' });
    expect(step(actor)).toBe('review');
    checkSend.resolve(checkOf({ cost: 101, balance: 100 }));
    await settle();
    expect(actor.getSnapshot().matches({ editing: { review: 'noCredit' } })).toBe(true);
    actor.send({ type: 'wizard.submit' });
    expect(wizard.submitSend.calls).toHaveLength(0);
    actor.send({ type: 'wizard.retry' });
    checkSend.resolve(checkOf());
    await settle();
    // The review stayed open past the scheduled time: the submit sends the sender back.
    clock.now = () => new Date('2026-11-24T12:31').getTime();
    actor.send({ type: 'wizard.submit' });
    expect(step(actor)).toBe('schedule');
    expect(errors(actor)).toEqual({ schedule: 'validation.scheduledInPast' });
  });

  it('counts clicks unless the sender turns it off on the schedule step', async () => {
    const wizard = await composed();
    const { actor, checkSend, submitSend } = wizard;
    actor.send({ type: 'wizard.next' });
    checkSend.resolve(checkOf());
    await settle();
    expect(step(actor)).toBe('survey');
    // Only the schedule step takes the option: elsewhere the event changes nothing.
    actor.send({ type: 'options.trackClicks', value: false });
    expect(actor.getSnapshot().context.draft.trackClicks).toBe(true);
    actor.send({ type: 'wizard.next' });
    expect(step(actor)).toBe('schedule');
    actor.send({ type: 'options.trackClicks', value: false });
    expect(actor.getSnapshot().context.draft.trackClicks).toBe(false);
    actor.send({ type: 'wizard.next' });
    checkSend.resolve(checkOf());
    await settle();
    actor.send({ type: 'wizard.submit' });
    expect(submitSend.last().input).toMatchObject({ request: { track_clicks: false } });
  });

  it('restores a draft kept before click tracking existed with tracking on', () => {
    const { draft: kept } = startWizard({ source: 'single' }).actor.getSnapshot().context;
    const { trackClicks: _dropped, ...older } = kept;
    const { actor } = startWizard({ source: 'single', draft: older as typeof kept });
    expect(actor.getSnapshot().context.draft.trackClicks).toBe(true);
  });

  it('submits, toasts, drops the draft and keeps the campaign id; a failure keeps the message', async () => {
    const wizard = await composed();
    const { actor, checkSend, submitSend } = wizard;
    actor.send({ type: 'wizard.next' });
    checkSend.resolve(checkOf());
    await settle();
    actor.send({ type: 'survey.type', value: 'yes_no' });
    actor.send({ type: 'survey.question', value: 'Coming?' });
    actor.send({ type: 'wizard.next' });
    actor.send({ type: 'wizard.next' });
    checkSend.resolve(checkOf());
    await settle();
    actor.send({ type: 'wizard.submit' });
    expect(submitSend.last().input).toMatchObject({
      request: {
        survey: { type: 'yes_no', question: 'Coming?' },
        scheduled_at: null,
        sender_name: 'El Namer',
      },
    });
    submitSend.reject({ code: 'errors.insufficientCredit', status: 402, details: { balance: 1, needed: 3 } });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(wizard.creditSpent).toHaveLength(0);
    expect(actor.getSnapshot().context.failure?.code).toBe('errors.insufficientCredit');
    actor.send({ type: 'wizard.retry' });
    submitSend.resolve({ id: 'c-1', status: 'sending', recipients_count: 1 });
    await settle();
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.campaignId).toBe('c-1');
    expect(wizard.notices).toEqual([{ kind: 'success', key: 'send:done.sentToast' }]);
    expect(wizard.discarded).toHaveLength(1);
    // The balance the session shows is read again once the credits are reserved.
    expect(wizard.creditSpent).toHaveLength(1);
  });

  it('asks before leaving a filled wizard and leaves an empty one at once', async () => {
    const wizard = startWizard({ source: 'single' });
    wizard.loadOptions.resolve(options);
    await settle();
    wizard.actor.send({ type: 'wizard.leave' });
    expect(wizard.left).toHaveLength(1);
    wizard.actor.send({ type: 'recipient.set', field: 'email', value: 'a@b.co' });
    wizard.actor.send({ type: 'wizard.leave' });
    expect(wizard.actor.getSnapshot().context.askingLeave).toBe(true);
    wizard.actor.send({ type: 'leave.cancel' });
    expect(wizard.left).toHaveLength(1);
    wizard.actor.send({ type: 'wizard.leave' });
    wizard.actor.send({ type: 'leave.confirm' });
    expect(wizard.left).toHaveLength(2);
    expect(wizard.discarded).toHaveLength(1);
  });

  it('imports an Excel sheet through the child machine and maps its columns', async () => {
    const { actor, loadOptions, parseFile } = startWizard({ source: 'excel' });
    loadOptions.resolve(options);
    await settle();
    expect(actor.getSnapshot().matches({ editing: { recipients: 'importing' } })).toBe(true);
    const excel = actor.getSnapshot().children.excel!;
    excel.send({ type: 'excel.pick', file: new File(['x'], 'people.xlsx') });
    parseFile.resolve({
      headers: ['Email', 'الاسم', 'contract_no', 'File'],
      rows: [
        { line: 2, cells: ['ali@example.com', 'علي', 'C-1', 'ali.pdf'] },
        { line: 3, cells: ['bad', 'x', 'C-2', ''] },
        { line: 4, cells: ['Huda@Example.com', 'هدى', 'C-3', 'huda.pdf'] },
      ],
    });
    await settle();
    excel.send({ type: 'excel.confirm' });
    await settle();
    const { draft } = actor.getSnapshot().context;
    expect(draft.excel).toEqual({
      fileName: 'people.xlsx',
      rows: [
        { email: 'ali@example.com', name: 'علي', contract_no: 'C-1', attachment: 'ali.pdf' },
        { email: 'Huda@example.com', name: 'هدى', contract_no: 'C-3', attachment: 'huda.pdf' },
      ],
    });
    expect(actor.getSnapshot().matches({ editing: { recipients: 'editing' } })).toBe(true);
  });

  it('maps a phone column to the phone field, as the list import does (issue 37)', async () => {
    const { actor, loadOptions, parseFile } = startWizard({ source: 'excel' });
    loadOptions.resolve(options);
    await settle();
    const excel = actor.getSnapshot().children.excel!;
    excel.send({ type: 'excel.pick', file: new File(['x'], 'people.xlsx') });
    parseFile.resolve({
      headers: ['Email', 'رقم الجوال'],
      rows: [{ line: 2, cells: ['ali@example.com', '0501234567'] }],
    });
    await settle();
    expect((excel.getSnapshot() as { context: { mapping: string[] } }).context.mapping).toEqual([
      'email',
      'phone',
    ]);
    excel.send({ type: 'excel.confirm' });
    await settle();
    expect(actor.getSnapshot().context.draft.excel?.rows).toEqual([
      { email: 'ali@example.com', phone: '0501234567' },
    ]);
  });
});
