import { useEffect, type RefObject } from 'react';

const NEXT: Record<string, 1 | -1> = { ArrowRight: 1, ArrowLeft: -1 };

/**
 * WAI-ARIA's toolbar pattern on an element holding buttons: one Tab stop for the whole toolbar
 * (the control used last), the arrow keys move between controls (mirrored right to left), Home and
 * End go to the first and last. Disabled controls are skipped; the stop moves if its control
 * becomes disabled. `shown`: whether the toolbar is rendered now (it is looked up again when it changes).
 */
export function useRovingToolbar(ref: RefObject<HTMLElement | null>, shown = true): void {
  useEffect(() => {
    const toolbar = ref.current;
    if (!toolbar) return;
    let current: HTMLElement | null = null;
    const controls = () =>
      [...toolbar.querySelectorAll<HTMLButtonElement>('button')].filter((button) => !button.disabled);
    const apply = () => {
      const list = controls();
      if (!current || !list.includes(current as HTMLButtonElement)) current = list[0] ?? null;
      for (const button of toolbar.querySelectorAll<HTMLElement>('button'))
        button.tabIndex = button === current ? 0 : -1;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const list = controls();
      const at = list.indexOf(event.target as HTMLButtonElement);
      if (at < 0 || list.length === 0) return;
      let to: number;
      if (event.key === 'Home') to = 0;
      else if (event.key === 'End') to = list.length - 1;
      else if (event.key in NEXT) {
        const rtl = toolbar.closest('[dir]')?.getAttribute('dir') === 'rtl';
        to = (at + NEXT[event.key]! * (rtl ? -1 : 1) + list.length) % list.length;
      } else return;
      event.preventDefault();
      current = list[to]!;
      apply();
      current.focus();
    };
    const onFocusIn = (event: FocusEvent) => {
      if (controls().includes(event.target as HTMLButtonElement)) {
        current = event.target as HTMLElement;
        apply();
      }
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(toolbar, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['disabled'],
    });
    toolbar.addEventListener('keydown', onKeyDown);
    toolbar.addEventListener('focusin', onFocusIn);
    return () => {
      observer.disconnect();
      toolbar.removeEventListener('keydown', onKeyDown);
      toolbar.removeEventListener('focusin', onFocusIn);
    };
  }, [ref, shown]);
}
