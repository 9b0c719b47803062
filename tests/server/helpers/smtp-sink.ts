import type { AddressInfo, Server, Socket } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback that answers what the test tells it to, per recipient and
 * attempt: accept, a 4xx or 5xx reply, or a dropped connection. What it accepts is kept raw and
 * parsed on demand, so a sink taking thousands of messages stays cheap.
 */
export type SinkReply = 'accept' | 'drop' | { code: number; message: string };

/** `helo` is the name the client gave in EHLO/HELO. */
export type Received = { to: string; from: string; raw: Buffer; helo: string };

export type SmtpSink = {
  url: string;
  port: number;
  received: Received[];
  /** Recipient addresses (lower case) of accepted messages, in order of arrival. */
  recipients: () => string[];
  parsed: (to: string) => Promise<ParsedMail>;
  /** How many times each recipient was offered, accepted or not. */
  attempts: Map<string, number>;
  /** A promised reply holds the message at RCPT TO until it settles. */
  setReply: (reply: (recipient: string, attempt: number) => SinkReply | Promise<SinkReply>) => void;
  /** Resolves once `count` messages were accepted in total. */
  waitFor: (count: number, timeoutMs?: number) => Promise<void>;
  close: () => Promise<void>;
};

/** `keepBodies: false` keeps only envelopes (tens of thousands of messages in one test). */
export async function startSmtpSink(port = 0, { keepBodies = true } = {}): Promise<SmtpSink> {
  const received: Received[] = [];
  const attempts = new Map<string, number>();
  const sockets = new Map<number, Socket>();
  let reply: (recipient: string, attempt: number) => SinkReply | Promise<SinkReply> = () => 'accept';
  let waiters: { count: number; resolve: () => void }[] = [];

  const server = new SMTPServer({
    authOptional: true,
    // Loopback only: a reverse DNS lookup per connection would only slow the tests down.
    disableReverseLookup: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 50 * 1024 * 1024,
    onRcptTo(address, session, callback) {
      const to = address.address.toLowerCase();
      const attempt = (attempts.get(to) ?? 0) + 1;
      attempts.set(to, attempt);
      void Promise.resolve(reply(to, attempt)).then((answer) => {
        if (answer === 'drop') {
          sockets.get(session.remotePort)?.destroy();
          return;
        }
        if (answer !== 'accept') {
          const error = new Error(answer.message) as Error & { responseCode: number };
          error.responseCode = answer.code;
          return callback(error);
        }
        callback();
      });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        if (keepBodies) chunks.push(chunk);
      });
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        for (const rcpt of session.envelope.rcptTo) {
          received.push({
            to: rcpt.address.toLowerCase(),
            from,
            raw: Buffer.concat(chunks),
            helo: session.hostNameAppearsAs,
          });
        }
        waiters = waiters.filter((waiter) => {
          if (received.length < waiter.count) return true;
          waiter.resolve();
          return false;
        });
        callback(null, `Ok: queued as ${received.length}`);
      });
    },
  });
  // smtp-server hides the socket; keep it by remote port so a test can drop one connection.
  const net = (server as unknown as { server: Server }).server;
  net.on('connection', (socket: Socket) => {
    const remotePort = socket.remotePort ?? 0;
    sockets.set(remotePort, socket);
    socket.on('close', () => sockets.delete(remotePort));
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = net.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${address.port}`,
    port: address.port,
    received,
    attempts,
    recipients: () => received.map((message) => message.to),
    parsed: async (to) => {
      const message = received.find((item) => item.to === to.toLowerCase());
      if (!message) throw new Error(`nothing received for ${to}`);
      // Keep cid: references as sent (mailparser would inline them as data: URLs).
      return simpleParser(message.raw, { skipImageLinks: true });
    },
    setReply: (next) => {
      reply = next;
    },
    waitFor: (count, timeoutMs = 30_000) =>
      new Promise<void>((resolve, reject) => {
        if (received.length >= count) return resolve();
        const timer = setTimeout(
          () => reject(new Error(`sink got ${received.length} of ${count} messages`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      }),
    close: async () => {
      for (const socket of sockets.values()) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
