import { Link, RichTextEditor } from '@mantine/tiptap';
import '@mantine/tiptap/styles.css';
import Image from '@tiptap/extension-image';
import TextAlign from '@tiptap/extension-text-align';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useImperativeHandle, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { bodyDirection } from '../../../contract/text-direction.ts';
import { useRovingToolbar } from '../../components/roving-toolbar.ts';
import type { ContentEditorProps } from './content-editor.ts';
import { DirectionControls, ImageUrlControl } from './visual-editor-controls.tsx';

/**
 * The visual editor (@mantine/tiptap). It edits the same HTML the code editor does; markup it
 * does not know (tables, styles) is kept until the sender edits here, because only edits made
 * here are reported back.
 */
export default function VisualEditor({ value, onChange, label, readOnly, ref }: ContentEditorProps) {
  const { t, i18n } = useTranslation('templates');
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false }),
      Link.configure({ openOnClick: false }),
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
      Image,
    ],
    content: value,
    editable: !readOnly,
    immediatelyRender: true,
    editorProps: {
      // The body reads the way it will be sent (issue 22): right to left from its first Arabic
      // letter, else as the interface's language, also while the first words are typed.
      attributes: (state) => ({
        'aria-label': label,
        'aria-multiline': 'true',
        role: 'textbox',
        ...bodyDirection(state.doc.textContent, i18n.language === 'en' ? 'en' : 'ar'),
      }),
    },
    onUpdate: ({ editor: current }) => onChangeRef.current(current.getHTML()),
  });

  useEffect(() => {
    // useEditor replaces its editor when it re-creates one; the old one, destroyed, has no schema
    // left and getHTML() on it throws (seen when the send wizard's message step mounts).
    if (editor && !editor.isDestroyed && value !== editor.getHTML())
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useImperativeHandle(ref, () => ({
    insert(text: string) {
      editor?.chain().focus().insertContent(text).run();
    },
  }));

  // One Tab stop for the toolbar's controls, arrows between them (issue 22).
  const toolbar = useRef<HTMLDivElement>(null);
  useRovingToolbar(toolbar, !readOnly);

  const labels = {
    boldControlLabel: t('templates:toolbar.bold'),
    italicControlLabel: t('templates:toolbar.italic'),
    h1ControlLabel: t('templates:toolbar.h1'),
    h2ControlLabel: t('templates:toolbar.h2'),
    h3ControlLabel: t('templates:toolbar.h3'),
    bulletListControlLabel: t('templates:toolbar.bulletList'),
    orderedListControlLabel: t('templates:toolbar.orderedList'),
    linkControlLabel: t('templates:toolbar.link'),
    unlinkControlLabel: t('templates:toolbar.unlink'),
    alignLeftControlLabel: t('templates:toolbar.alignLeft'),
    alignCenterControlLabel: t('templates:toolbar.alignCenter'),
    alignRightControlLabel: t('templates:toolbar.alignRight'),
    linkEditorInputLabel: t('templates:toolbar.linkInput'),
    linkEditorInputPlaceholder: 'https://',
    linkEditorSave: t('templates:toolbar.linkSave'),
    undoControlLabel: t('templates:toolbar.undo'),
    redoControlLabel: t('templates:toolbar.redo'),
  };

  return (
    <RichTextEditor editor={editor} labels={labels}>
      {readOnly ? null : (
        <RichTextEditor.Toolbar ref={toolbar} role="toolbar" aria-label={t('templates:toolbar.label')}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H1 />
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
            <ImageUrlControl />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.AlignLeft />
            <RichTextEditor.AlignCenter />
            <RichTextEditor.AlignRight />
            <DirectionControls />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
      )}
      <RichTextEditor.Content />
    </RichTextEditor>
  );
}
