import { startTestSmsc } from '../../server/channels/sms/test-smsc.ts';

// The built-in test SMSC alone in its own process, so a bench measures the client's CPU apart
// from the SMSC's. Prints its port, then the number of submits it took when asked on stdin.
const smsc = await startTestSmsc({ maxMessages: 1000 });
process.stdout.write(`${JSON.stringify({ port: smsc.port })}\n`);
process.stdin.on('data', () =>
  process.stdout.write(`${JSON.stringify({ submits: smsc.submits().length })}\n`),
);
process.on('SIGTERM', () => void smsc.close().then(() => process.exit(0)));
