import type { Server } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * The bench's SMTP relay, in its own process so its CPU is not counted against the server or the
 * bare pool. Accepts everything, keeps only a count, answers `{count}` to the parent over IPC.
 */
let count = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  disableReverseLookup: true,
  logger: false,
  size: 50 * 1024 * 1024,
  onData(stream, _session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      count += 1;
      callback(null, `Ok: queued as ${count}`);
    });
  },
});
server.listen(0, '127.0.0.1', () => {
  const address = (server as unknown as { server: Server }).server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
process.on('message', () => process.send?.({ count }));
process.on('disconnect', () => process.exit(0));
