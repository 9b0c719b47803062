/**
 * After a step refused to go on, the first thing inside `root` that needs attention takes the
 * focus, so the keyboard is there and the screen reader reads it (issue 37): an invalid field
 * (its error is in its description), else the field beside an error text, else the error or the
 * server's alert itself.
 */
export function focusFirstProblem(root: HTMLElement | null): void {
  if (!root) return;
  const invalid = root.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (invalid) {
    invalid.focus();
    return;
  }
  // Mantine names an error `<input id>-error`; groups (radios) mark no input invalid.
  const error = root.querySelector<HTMLElement>('[id$="-error"], [role="alert"]');
  if (!error) return;
  const field = error
    .closest('.mantine-InputWrapper-root, [role="radiogroup"]')
    ?.querySelector<HTMLElement>(
      'input:not([type="hidden"]):not(:disabled), textarea, [contenteditable="true"]',
    );
  if (field) {
    field.focus();
    return;
  }
  error.tabIndex = -1;
  error.focus();
}
