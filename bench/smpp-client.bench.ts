import { spawn } from 'node:child_process';
import path from 'node:path';
import { SmppClient } from '../server/channels/sms/smpp-client.ts';
import { parseSmppUrl } from '../server/channels/sms/smpp-url.ts';

/**
 * `npm run bench:smpp-client`: how fast the SMPP client alone submits single-part messages into
 * the built-in test SMSC running in another process (one transceiver bind, no rate limit): the
 * ceiling under the SMS send path, which adds the database and the engine (bench:sms, issue 33).
 * BENCH_SMS=20000 messages, BENCH_WINDOW=100,10 windows. Prints JSON: messages a second and the
 * client process's CPU per message.
 */
const count = Number(process.env.BENCH_SMS ?? 20_000);
const windows = (process.env.BENCH_WINDOW ?? '100,10').split(',').map(Number);

const child = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(import.meta.dirname, 'support/test-smsc-child.ts')],
  {
    stdio: ['pipe', 'pipe', 'inherit'],
  },
);
const lines: string[] = [];
child.stdout.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
while (lines.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
const { port } = JSON.parse(lines[0] ?? '{}') as { port: number };

const results = [];
for (const window of windows) {
  const client = new SmppClient({
    ...parseSmppUrl(`smpp://bench:bench@127.0.0.1:${port}`),
    tps: 1_000_000,
    window,
  });
  await client.whenBound();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: count }, (_, i) =>
      client.sendText({
        source: 'ElNamer',
        destination: `+9665${String(10_000_000 + i)}`,
        text: `Your code is ${100000 + i}`,
        reference: 0,
        receipt: true,
      }),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  await client.close();
  results.push({
    window,
    messages: count,
    seconds: Number(seconds.toFixed(2)),
    messages_per_second: Math.round(count / seconds),
    client_cpu_microseconds_per_message: Number(((cpu.user + cpu.system) / count).toFixed(1)),
  });
}
child.kill('SIGTERM');
console.log(JSON.stringify({ bench: 'smpp-client', node: process.version, results }, null, 2));
