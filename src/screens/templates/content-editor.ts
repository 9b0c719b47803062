import type { Ref } from 'react';

/** What the template editor asks of either content editor: insert text where the cursor is. */
export interface ContentEditorHandle {
  insert(text: string): void;
}

export interface ContentEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** The accessible name of the editing area. */
  label: string;
  readOnly: boolean;
  ref?: Ref<ContentEditorHandle>;
}
