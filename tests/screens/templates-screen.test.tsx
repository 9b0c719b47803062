import { act, configure, screen, waitFor, within } from '@testing-library/react';
import type { Template, TemplateSummary } from '../../contract/templates.contract.ts';
import { templateEndpoints } from '../../contract/templates.contract.ts';
import { paths } from '../../src/app/paths.ts';
import { renderApp, type RenderOptions } from '../setup/render.tsx';
import { routeOf, type SeenRequest } from '../support/fake-server.ts';
import './support/editor-shims.ts';

const stored: Template = {
  id: 'tpl-1',
  name: 'Welcome',
  subject: 'Hi {{name}}',
  content: '<p>Dear {{name}}, your code is {{code}}.</p><script>window.__pwned = true</script>',
  editor: 'html',
  variables: ['code'],
  owner_id: 'u-sender',
  owner_username: 'sam',
  created_at: '2026-11-24T08:00:00Z',
  updated_at: '2026-11-24T09:00:00Z',
};
const { content: _content, ...summary } = stored;
const page = (results: TemplateSummary[]) => ({ status: 200, data: { count: results.length, results } });

function openTemplates(options: RenderOptions & { query?: string } = {}) {
  const saved: SeenRequest[] = [];
  const rendered = renderApp({
    signedInAs: 'sender',
    route: `${paths.dashboard.services.templates}${options.query ?? ''}`,
    ...options,
    routes: {
      [routeOf(templateEndpoints.list)]: () => page([summary]),
      [routeOf(templateEndpoints.get, { id: 'tpl-1' })]: () => ({ status: 200, data: stored }),
      [routeOf(templateEndpoints.create)]: (request) => {
        saved.push(request);
        const body = request.body as Partial<Template>;
        return { status: 201, data: { ...stored, ...body, id: 'tpl-new' } };
      },
      [routeOf(templateEndpoints.get, { id: 'tpl-new' })]: () => ({
        status: 200,
        data: { ...stored, ...(saved.at(-1)?.body as object), id: 'tpl-new' },
      }),
      ...options.routes,
    },
  });
  return { ...rendered, saved };
}

const htmlEditor = () => screen.findByTestId('html-editor');
const codeOf = async () => (await htmlEditor()).querySelector('.cm-content')?.textContent ?? '';

// Two editors' worth of DOM on a shared two-core machine: allow slow renders, not wrong ones.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 40_000 });

describe('templates screen', () => {
  // The screen and both editors are lazy chunks; transforming them once up front keeps each
  // test's waits about the screen, not about the test runner compiling tiptap and CodeMirror.
  beforeAll(async () => {
    await Promise.all([
      import('../../src/screens/templates/templates-screen.tsx'),
      import('../../src/screens/templates/visual-editor.tsx'),
      import('../../src/screens/templates/html-editor.tsx'),
    ]);
  }, 60_000);

  it('lists the templates in Arabic and opens one in the HTML editor with its content', async () => {
    const { user } = openTemplates({ language: 'ar' });
    expect(await screen.findByRole('heading', { name: 'قوالبك' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'فتح Welcome' }));
    expect(await screen.findByRole('heading', { name: 'تعديل القالب' })).toBeInTheDocument();
    expect(screen.getByLabelText('اسم القالب')).toHaveValue('Welcome');
    await waitFor(async () => expect(await codeOf()).toContain('Dear {{name}}, your code is {{code}}.'));
    expect(screen.getByRole('button', { name: 'إدراج code' })).toBeInTheDocument();
  });

  it.each([
    ['en', '', 'Please enter a variable name!'],
    ['en', 'مدينة', 'Variable must be in English only!'],
    ['ar', '', 'الرجاء إدخال اسم المتغير!'],
    ['ar', 'مدينة', 'يجب أن يكون المتغير باللغة الإنجليزية فقط!'],
  ] as const)('refuses a variable name (%s, %j)', async (language, name, message) => {
    const { user } = openTemplates({ language, query: '?template=new' });
    const label = language === 'ar' ? 'متغير جديد' : 'New variable';
    const input = await screen.findByLabelText(label);
    if (name) await user.type(input, name);
    await user.click(
      screen.getByRole('button', { name: language === 'ar' ? 'إضافة متغير' : 'Add variable' }),
    );
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it.each([
    ['en', '', 'Content is required'],
    ['en', '<p>Hi</p>', 'Content is too short'],
    ['ar', '', 'المحتوى مطلوب'],
    ['ar', '<p>Hi</p>', 'المحتوى قصير جداً'],
  ] as const)('applies the content rules at save (%s, %j)', async (language, content, message) => {
    const { user, saved } = openTemplates({ language, query: '?template=new' });
    await user.type(
      await screen.findByLabelText(language === 'ar' ? 'اسم القالب' : 'Template name'),
      'Promo',
    );
    await user.click(screen.getByRole('radio', { name: language === 'ar' ? 'كود HTML' : 'HTML code' }));
    const editor = (await htmlEditor()).querySelector('.cm-content') as HTMLElement;
    if (content) await user.type(editor, content);
    await user.click(screen.getByRole('button', { name: language === 'ar' ? 'حفظ' : 'Save' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });

  it('undoes and redoes typing in the HTML editor with the standard keys, back to the loaded template', async () => {
    const { user } = openTemplates({ language: 'en' });
    await user.click(await screen.findByRole('button', { name: 'Open Welcome' }));
    await waitFor(async () => expect(await codeOf()).toContain('Dear {{name}}, your code is {{code}}.'));
    const loaded = await codeOf();
    const editor = (await htmlEditor()).querySelector('.cm-content') as HTMLElement;
    // One keystroke is one history event however slowly the runner types (typing spread over
    // more than half a second becomes several events, each undone on its own).
    await user.type(editor, '§');
    await waitFor(async () => expect(await codeOf()).toContain('§'));

    await user.keyboard('{Control>}z{/Control}');
    await waitFor(async () => expect(await codeOf()).toBe(loaded));
    // Undo stops at the loaded template: it is not undone into an empty editor.
    await user.keyboard('{Control>}z{/Control}');
    expect(await codeOf()).toBe(loaded);

    await user.keyboard('{Control>}y{/Control}');
    await waitFor(async () => expect(await codeOf()).toContain('§'));
    expect(await codeOf()).toHaveLength(loaded.length + 1);
  });

  it('inserts variables at the cursor in the visual editor, keeps the content in HTML mode and saves', async () => {
    const { user, saved, router } = openTemplates({ language: 'en', query: '?template=new' });
    await user.type(await screen.findByLabelText('Template name'), 'Greeting');
    const visual = await screen.findByRole('textbox', { name: 'Template content' });
    await user.click(visual);
    await user.type(visual, 'Hello dear friend ');
    await user.click(screen.getByRole('button', { name: 'Insert name' }));
    await waitFor(() => expect(visual).toHaveTextContent('Hello dear friend {{name}}'));

    await user.click(screen.getByRole('radio', { name: 'HTML code' }));
    await waitFor(async () => expect(await codeOf()).toContain('Hello dear friend {{name}}'));
    // Wherever jsdom puts the typed text, the cursor is after it, and the chip inserts there.
    await user.type((await htmlEditor()).querySelector('.cm-content') as HTMLElement, 'Write to ');
    await user.click(screen.getByRole('button', { name: 'Insert email' }));
    await waitFor(async () => expect(await codeOf()).toContain('{{email}}'));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.body).toMatchObject({ name: 'Greeting', editor: 'html', variables: [] });
    const content = (saved[0]?.body as Template).content;
    expect(content).toContain('Hello dear friend {{name}}');
    expect(content).toContain('Write to {{email}}');
    await waitFor(() => expect(router.state.location.search).toBe('?template=tpl-new'));
    expect(await screen.findByText('The template was saved.')).toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes, and stays or leaves as answered', async () => {
    const { user, router } = openTemplates({ language: 'en', query: '?template=tpl-1' });
    const name = await screen.findByLabelText('Template name');
    await user.type(name, ' 2');
    await user.click(screen.getByRole('button', { name: 'Back to templates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(screen.getByLabelText('Template name')).toHaveValue('Welcome 2');

    // Any navigation is held the same way: here the browser going elsewhere in the app.
    await act(() => router.navigate(paths.dashboard.home));
    const again = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(router.state.location.pathname).toBe(paths.dashboard.services.templates);
    await user.click(within(again).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.home));
  });

  it('previews an image by https URL in the frame that runs no scripts', async () => {
    const withImage = {
      ...stored,
      content: `${stored.content}<img src="https://cdn.example.com/logo.png" alt="Logo" onerror="window.__pwned = 1">`,
    };
    const { user } = openTemplates({
      language: 'en',
      query: '?template=tpl-1',
      routes: { [routeOf(templateEndpoints.get, { id: 'tpl-1' })]: () => ({ status: 200, data: withImage }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Preview' }));
    const frame = (await screen.findByTitle('Preview of the e-mail')) as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('');
    const document = frame.getAttribute('srcdoc') ?? '';
    expect(document).toContain('<img src="https://cdn.example.com/logo.png" alt="Logo">');
    expect(document).not.toMatch(/onerror|<script/);
  });

  it('previews with a sample recipient in a sandboxed frame, scripts removed, in both directions', async () => {
    const { user } = openTemplates({ language: 'en', query: '?template=tpl-1' });
    await user.click(await screen.findByRole('button', { name: 'Preview' }));
    const frame = (await screen.findByTitle('Preview of the e-mail')) as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('');
    const document = frame.getAttribute('srcdoc') ?? '';
    expect(document).toContain('Dear Sara Ahmed, your code is [code].');
    expect(document).not.toContain('<script');
    expect(document).toContain('dir="ltr"');
    await user.click(screen.getByRole('radio', { name: 'Right to left' }));
    await waitFor(() => expect(frame.getAttribute('srcdoc')).toContain('dir="rtl"'));
    expect(screen.getByText(/Hi Sara Ahmed/)).toBeInTheDocument();
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  });
});
