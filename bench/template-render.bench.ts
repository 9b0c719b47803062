/**
 * Benchmark: the template renderer and HTML text scanner. Hostile shapes at two sizes show the
 * cost grows linearly (ratio near 2 when the input doubles; a quadratic scanner would show ~4),
 * and a campaign-shaped run shows compile-once, render-per-recipient throughput. Prints JSON.
 * Run: npx tsx bench/template-render.bench.ts
 */
import { performance } from 'node:perf_hooks';
import { contentProblem } from '../contract/templates.contract.ts';
import { compileEmail, htmlToText, renderEmail, visibleTextLength } from '../contract/template-render.ts';

const SIZE = 200_000;

const shapes: Record<string, (n: number) => string> = {
  unclosedScripts: (n) => '<script'.repeat(n / 7),
  unclosedComments: (n) => '<!--'.repeat(n / 4),
  unclosedLinks: (n) => '<a href="'.repeat(n / 9),
  openLinksClosedLater: (n) => '<a href="h">x'.repeat(n / 26) + '</a>'.repeat(n / 26),
  blanks: (n) => ` \t${' '.repeat(n / 2)}\n${'\t'.repeat(n / 2)}x`,
  manyEntities: (n) => '&aaaaaaaa'.repeat(n / 9),
};

function time(work: () => unknown): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}

const hostile: Record<string, { ms: number; msDouble: number; ratio: number }> = {};
for (const [name, make] of Object.entries(shapes)) {
  const small = make(SIZE);
  const large = make(SIZE * 2);
  const ms = time(() => (htmlToText(small), visibleTextLength(small), contentProblem(small)));
  const msDouble = time(() => (htmlToText(large), visibleTextLength(large), contentProblem(large)));
  hostile[name] = { ms: +ms.toFixed(2), msDouble: +msDouble.toFixed(2), ratio: +(msDouble / ms).toFixed(2) };
}

const RECIPIENTS = 20_000;
const body = '<h1>مرحبا {{name}}</h1><p>Dear {{name}} of {{company}}, {{date}}.</p>'.repeat(20);
const compileMs = time(() => compileEmail({ subject: 'Hi {{name}}', html: body }));
const email = compileEmail({ subject: 'Hi {{name}}', html: body });
const now = new Date();
const renderMs = time(() => {
  for (let i = 0; i < RECIPIENTS; i += 1)
    renderEmail(
      email,
      { email: `r${i}@example.com`, name: `R <${i}>` },
      { language: i % 2 ? 'ar' : 'en', now },
    );
});

console.log(
  JSON.stringify(
    {
      hostileInputChars: SIZE,
      hostile,
      campaign: {
        compileMs: +compileMs.toFixed(2),
        recipients: RECIPIENTS,
        renderMs: +renderMs.toFixed(2),
        messagesPerSecond: Math.round(RECIPIENTS / (renderMs / 1000)),
      },
    },
    null,
    2,
  ),
);
