import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { html } from '@codemirror/lang-html';
import { Annotation, EditorState, Transaction } from '@codemirror/state';
import {
  autocompletion,
  closeBrackets,
  closeBracketsKeymap,
  completionKeymap,
} from '@codemirror/autocomplete';
import {
  bracketMatching,
  defaultHighlightStyle,
  indentOnInput,
  syntaxHighlighting,
} from '@codemirror/language';
import { drawSelection, EditorView, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view';
import { Box } from '@mantine/core';
import { useEffect, useImperativeHandle, useRef } from 'react';
import type { ContentEditorProps } from './content-editor.ts';

// The `codemirror` bundle package in this install is the old 5.x line, so the setup is put
// together from the 6.x parts: undo history and the standard editing keys (Mod-z / Mod-y /
// Mod-Shift-z, line and selection commands) come from @codemirror/commands.
const htmlEditorSetup = [
  lineNumbers(),
  history(),
  drawSelection(),
  highlightActiveLine(),
  indentOnInput(),
  bracketMatching(),
  closeBrackets(),
  autocompletion(),
  syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
  // Tab is left to the browser (moving focus on): indenting with it would trap keyboard users.
  keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...completionKeymap]),
];

// Marks changes that come from outside (a loaded template), which must not echo back as edits.
const fromOutside = Annotation.define<boolean>();

/** The HTML code editor (CodeMirror 6): syntax highlighting, always left to right. */
export default function HtmlEditor({ value, onChange, label, readOnly, ref }: ContentEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          htmlEditorSetup,
          html(),
          EditorView.lineWrapping,
          EditorState.readOnly.of(readOnly),
          EditorView.contentAttributes.of({ 'aria-label': label, 'aria-multiline': 'true' }),
          EditorView.updateListener.of((update) => {
            const outside = update.transactions.some((tr) => tr.annotation(fromOutside));
            if (update.docChanged && !outside) onChangeRef.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // The view is made once; value changes are applied below without rebuilding it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [label, readOnly]);

  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === value) return;
    editor.dispatch({
      changes: { from: 0, to: editor.state.doc.length, insert: value },
      // A loaded template is where undo stops: undoing never empties the editor it was loaded into.
      annotations: [fromOutside.of(true), Transaction.addToHistory.of(false)],
    });
  }, [value]);

  useImperativeHandle(ref, () => ({
    insert(text: string) {
      const editor = view.current;
      if (!editor) return;
      editor.dispatch(editor.state.replaceSelection(text));
      editor.focus();
    },
  }));

  return (
    <Box
      ref={host}
      dir="ltr"
      data-testid="html-editor"
      style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4, minHeight: 240 }}
    />
  );
}
