import { Badge, MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { buildMantineTheme } from '../../src/app/mantine-theme.ts';

// Issue 37: the Users "active" badge was cut to "نـ…" (upper-case letter spacing breaks joined
// Arabic letters), and toasts covered the dashboard's header at 390 px.

const colors = { primary: '#1864ab', secondary: '#f1f3f5', accent: '#d0ebff', text: '#212529' };

describe('badges and toasts', () => {
  it('draws badges without upper-casing or letter spacing', () => {
    render(
      <MantineProvider theme={buildMantineTheme(colors)}>
        <Badge>نشط</Badge>
      </MantineProvider>,
    );
    const root = screen.getByText('نشط').closest('.mantine-Badge-root') as HTMLElement;
    expect(root.style.textTransform).toBe('none');
    expect(root.style.letterSpacing).toBe('normal');
  });

  it('places top toasts below the header offset AppShell publishes', () => {
    const css = readFileSync('src/app/notifications-container.module.css', 'utf8');
    expect(css).toMatch(
      /\.root\[data-position\^='top'\]\s*\{\s*top:\s*calc\(var\(--app-shell-header-offset, 0px\)/,
    );
    const container = readFileSync('src/app/notifications-container.tsx', 'utf8');
    expect(container).toContain('classNames={{ root: classes.root }}');
  });
});
