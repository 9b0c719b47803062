import type { Page } from 'playwright-core';

/**
 * WCAG text contrast of every visible button, link and badge on the page as it is now, measured
 * from the computed colours (axe skips text whose background it cannot work out, which is how
 * red-on-red "Sign out" buttons passed it). Returns one line per element below its threshold.
 */
export function lowContrastControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type Rgba = [number, number, number, number];
    const probe = document.createElement('canvas').getContext('2d');
    /** Any CSS colour (rgb(), oklab(), color-mix() results) as sRGB bytes and alpha. */
    const parse = (css: string): Rgba => {
      if (!probe) return [0, 0, 0, 1];
      probe.clearRect(0, 0, 1, 1);
      probe.fillStyle = css;
      probe.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = probe.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    const over = (top: Rgba, bottom: Rgba): Rgba => {
      const alpha = top[3] + bottom[3] * (1 - top[3]);
      if (alpha === 0) return [255, 255, 255, 0];
      const mix = (i: number) => (top[i]! * top[3] + bottom[i]! * bottom[3] * (1 - top[3])) / alpha;
      return [mix(0), mix(1), mix(2), alpha];
    };
    /** The colour behind an element: its own background over its ancestors', down to white. */
    const backgroundOf = (element: Element): Rgba => {
      const layers: Rgba[] = [];
      for (let node: Element | null = element; node; node = node.parentElement) {
        const layer = parse(getComputedStyle(node).backgroundColor);
        if (layer[3] > 0) layers.push(layer);
        if (layer[3] >= 1) break;
      }
      return layers.reduceRight<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1]);
    };
    const luminance = ([r, g, b]: Rgba) => {
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const ratio = (a: Rgba, b: Rgba) => {
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (light! + 0.05) / (dark! + 0.05);
    };
    /** The element that paints the text: the deepest one holding the first text node. */
    const textHolder = (element: Element): Element | null => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT, {
        acceptNode: (node) => (node.textContent?.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP),
      });
      return walker.nextNode()?.parentElement ?? null;
    };
    const problems: string[] = [];
    const controls = document.querySelectorAll(
      'button, a[href], [role="button"], [role="tab"], .mantine-Badge-root',
    );
    for (const control of controls) {
      // Disabled controls are exempt from the contrast rule (WCAG 1.4.3).
      if (control.matches(':disabled, [aria-disabled="true"], [data-disabled]')) continue;
      const holder = textHolder(control);
      if (!holder) continue;
      const box = holder.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (!holder.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const style = getComputedStyle(holder);
      const background = backgroundOf(holder);
      const text = over(parse(style.color), background);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      const needed = large ? 3 : 4.5;
      const measured = ratio(text, background);
      if (measured < needed) {
        const name = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 40);
        problems.push(
          `"${name}" ${style.color} on rgb(${background.slice(0, 3).map(Math.round).join(',')}) ${measured.toFixed(2)}:1`,
        );
      }
    }
    return problems;
  });
}
