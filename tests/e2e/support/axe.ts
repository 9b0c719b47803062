import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Violation = { id: string; help: string; impact: string | null; nodes: { target: unknown[] }[] };

/** axe-core's serious and critical findings on the page as it is now, as "rule (help): target". */
export async function seriousViolations(page: Page): Promise<string[]> {
  // A toast or dialog still fading in is half transparent, and axe measures its text's contrast
  // against what shows through (CI once failed color-contrast on a toast mid-transition). Wait
  // for finite animations and transitions to end; endless ones (loaders) never do, so skip them.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
          ),
      undefined,
      { timeout: 3000 },
    )
    .catch(() => undefined);
  // Evaluated through the DevTools protocol, so the app's CSP (scripts only from 'self') stays on.
  await page.evaluate(axeSource);
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (d: Document) => Promise<{ violations: unknown }> } })
      .axe;
    return (await axe.run(document)).violations;
  })) as Violation[];
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id} (${violation.help}): ${JSON.stringify(node.target)}`),
    );
}
