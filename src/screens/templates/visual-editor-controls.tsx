import { Button, Popover, Stack, TextInput } from '@mantine/core';
import { RichTextEditor, useRichTextEditorContext } from '@mantine/tiptap';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

// Only web addresses: a `javascript:` or `data:` source has no place in an e-mail.
const IMAGE_URL = /^https?:\/\/\S+$/i;

/**
 * A picture frame drawn like the editor's other icons (16 px, stroked in the text colour): the
 * emoji it replaces rendered as an empty box where the system has no emoji font (issue 37).
 */
function ImageIcon() {
  return (
    <svg
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      aria-hidden
    >
      <rect x={3} y={4} width={18} height={16} rx={2} />
      <circle cx={9} cy={10} r={2} />
      <path d="M21 16l-5-5L5 20" />
    </svg>
  );
}

/** Inserts an image by its address (e-mail images are linked, not pasted). */
export function ImageUrlControl() {
  const { t } = useTranslation('templates');
  const { editor } = useRichTextEditorContext();
  const [opened, setOpened] = useState(false);
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);

  const insert = () => {
    const src = url.trim();
    if (!IMAGE_URL.test(src)) return setError(t('templates:toolbar.imageInvalid'));
    editor?.chain().focus().setImage({ src }).run();
    setUrl('');
    setError(null);
    setOpened(false);
  };

  return (
    <Popover opened={opened} onChange={setOpened} trapFocus withinPortal>
      <Popover.Target>
        <RichTextEditor.Control
          aria-label={t('templates:toolbar.image')}
          title={t('templates:toolbar.image')}
          onClick={() => setOpened((open) => !open)}
        >
          <ImageIcon />
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <TextInput
            dir="ltr"
            label={t('templates:toolbar.imageUrl')}
            value={url}
            error={error}
            onChange={(event) => setUrl(event.currentTarget.value)}
          />
          <Button size="xs" onClick={insert}>
            {t('templates:toolbar.insertImage')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** Text direction of the current paragraph: Arabic and English e-mails mix both. */
export function DirectionControls() {
  const { t } = useTranslation('templates');
  const { editor } = useRichTextEditorContext();
  return (
    <>
      {(['rtl', 'ltr'] as const).map((direction) => (
        <RichTextEditor.Control
          key={direction}
          aria-label={t(`templates:toolbar.${direction}`)}
          title={t(`templates:toolbar.${direction}`)}
          onClick={() => editor?.chain().focus().setTextDirection(direction).run()}
        >
          {direction === 'rtl' ? '⇤' : '⇥'}
        </RichTextEditor.Control>
      ))}
    </>
  );
}
