import { configure, screen, waitFor } from '@testing-library/react';
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
