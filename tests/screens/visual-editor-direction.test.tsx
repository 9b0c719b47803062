import { configure, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import VisualEditor from '../../src/screens/templates/visual-editor.tsx';
import { renderWithProviders } from '../setup/render.tsx';
import './support/editor-shims.ts';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 40_000 });

function Editor({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return <VisualEditor value={value} onChange={setValue} label="Body" readOnly={false} />;
}

/** Issue 22, defect 3: the editor shows the body the way it is sent, right to left when Arabic. */
describe('the visual editor reads the way its body will be sent', () => {
  it('is right to left for Arabic text in an English interface, and left to right for English text', async () => {
    const { user } = renderWithProviders(<Editor initial="<p>مرحبًا {{name}}</p>" />, { language: 'en' });
    const body = await screen.findByRole('textbox', { name: 'Body' });
    expect(body).toHaveAttribute('dir', 'rtl');
    expect(body).toHaveAttribute('lang', 'ar');
    await user.click(body);
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    await user.type(body, 'Hello');
    await waitFor(() => expect(body).toHaveAttribute('dir', 'ltr'));
    expect(body).toHaveAttribute('lang', 'en');
  });

  it('follows the interface language while there is no letter yet', async () => {
    renderWithProviders(<Editor initial="<p>{{name}} 2026</p>" />, { language: 'ar' });
    const body = await screen.findByRole('textbox', { name: 'Body' });
    expect(body).toHaveAttribute('dir', 'rtl');
    expect(body).toHaveAttribute('lang', 'ar');
  });
});

/** Issue 22, defect 13: the toolbar was 17 Tab stops; now one, with arrows between its controls. */
describe('the visual editor toolbar', () => {
  it.each([
    ['en', 'ArrowRight'],
    ['ar', 'ArrowLeft'],
  ] as const)('is one Tab stop and the arrows move along it (%s)', async (language, forward) => {
    const { user, i18n } = renderWithProviders(<Editor initial="<p>Hello</p>" />, { language });
    const toolbar = await screen.findByRole('toolbar', { name: i18n.t('templates:toolbar.label') });
    const buttons = within(toolbar).getAllByRole('button');
    expect(buttons.length).toBeGreaterThan(10);
    expect(buttons.filter((button) => button.tabIndex === 0)).toHaveLength(1);
    await user.tab();
    expect(buttons[0]).toHaveFocus();
    await user.keyboard(`{${forward}}`);
    expect(buttons[1]).toHaveFocus();
    await user.keyboard('{End}');
    const enabled = buttons.filter((button) => !(button as HTMLButtonElement).disabled);
    expect(enabled.at(-1)).toHaveFocus();
    await user.keyboard('{Home}');
    expect(buttons[0]).toHaveFocus();
    await user.keyboard(`{${forward}}`);
    // One Tab leaves the toolbar for the text; Shift+Tab comes back to the control used last.
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Body' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(buttons[1]).toHaveFocus();
  });

  // Issue 37, defect 10: the image button was an emoji, an empty box without an emoji font.
  it('draws the image button as an icon, not an emoji', async () => {
    const { i18n } = renderWithProviders(<Editor initial="<p>x</p>" />, { language: 'ar' });
    const toolbar = await screen.findByRole('toolbar', { name: i18n.t('templates:toolbar.label') });
    const button = within(toolbar).getByRole('button', { name: i18n.t('templates:toolbar.image') });
    expect(button.querySelector('svg')).not.toBeNull();
    expect(button.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
  });
});
