import { createServer, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpClient, dataPieces } from '../../server/mail/smtp-client.ts';
import { createSmtpTransport, type NotStarted, type SendOutcome } from '../../server/mail/transport.ts';
import { startSmtpSink, type SmtpSink } from './helpers/smtp-sink.ts';

/**
 * The fast path's SMTP client against real SMTP servers: pipelining where it is offered and not
 * where it is not, STARTTLS and AUTH PLAIN / LOGIN, nodemailer for AUTH it does not speak, and
 * every reply turned into the same outcome nodemailer's path gives.
 */
const message = (to: string, body = 'Hello') =>
  `From: a@example.test\r\nTo: ${to}\r\nSubject: Test\r\nMessage-ID: <${to}>\r\n\r\n${body}\r\n`;

const envelope = (to: string) => ({ from: 'bounce@example.test', to: [to] });

/**
 * A minimal SMTP server that records what arrived in each read, and answers the end of a
 * message's data only once the next MAIL FROM has arrived (or it was the last message): a client
 * that waits for that answer before sending the next envelope never finishes.
 */
async function lockstepServer(options: { pipelining: boolean; messages: number }) {
  const reads: string[] = [];
  let delivered = 0;
  const server: NetServer = createServer((socket: Socket) => {
    let buffer = '';
    let inData = false;
    let heldDot = false;
    const send = (line: string) => {
      if (!socket.writableEnded) socket.write(`${line}\r\n`);
    };
    send('220 lockstep ESMTP');
    socket.on('data', (chunk: Buffer) => {
      reads.push(chunk.toString('latin1'));
      buffer += chunk.toString('latin1');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            delivered += 1;
            if (delivered === options.messages) send('250 last one');
            else heldDot = true;
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') send(options.pipelining ? '250-lockstep\r\n250 PIPELINING' : '250 lockstep');
        else if (verb === 'MAIL') {
          if (heldDot) {
            heldDot = false;
            send('250 queued');
          }
          send('250 sender ok');
        } else if (verb === 'RCPT') send('250 recipient ok');
        else if (verb === 'DATA') {
          inData = true;
          send('354 go ahead');
        } else if (verb === 'QUIT') {
          send('221 bye');
          socket.end();
        } else send('250 ok');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    reads,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function smtpServer(options: SMTPServerOptions) {
  const received: { to: string; raw: string; secure: boolean; user: unknown }[] = [];
  const server = new SMTPServer({
    disableReverseLookup: true,
    logger: false,
    ...options,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo[0]!.address,
          raw: Buffer.concat(chunks).toString('latin1'),
          secure: session.secure,
          user: session.user,
        });
        callback(null, 'Ok: queued');
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = ((server as unknown as { server: NetServer }).server.address() as AddressInfo).port;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('pipelining SMTP client', () => {
  it('writes the envelope at once and the next envelope behind the data when the relay pipelines', async () => {
    const server = await lockstepServer({ pipelining: true, messages: 3 });
    const client = new SmtpClient({ url: server.url, connections: 1, ehloName: 'out.example.test' });
    try {
      const outcomes = await Promise.all(
        ['a', 'b', 'c'].map((name) =>
          client.send(envelope(`${name}@example.test`), message(`${name}@example.test`)),
        ),
      );
      expect(outcomes.map((outcome) => outcome.kind)).toEqual(['sent', 'sent', 'sent']);
      expect(outcomes[2]).toMatchObject({ response: '250 last one' });
      const envelopeRead = server.reads.find((read) => read.startsWith('MAIL FROM'));
      expect(envelopeRead).toBe('MAIL FROM:<bounce@example.test>\r\nRCPT TO:<a@example.test>\r\nDATA\r\n');
      expect(
        server.reads.some((read) => /\r\n\.\r\nMAIL FROM:<bounce@example.test>\r\nRCPT TO:<b@/.test(read)),
      ).toBe(true);
    } finally {
      client.close();
      await server.close();
    }
  });

  it('waits for each reply when the relay does not advertise PIPELINING', async () => {
    // The lockstep server answers each message's data at once when told there is one message only.
    const server = await lockstepServer({ pipelining: false, messages: 1 });
    const client = new SmtpClient({ url: server.url, connections: 1 });
    try {
      expect((await client.send(envelope('a@example.test'), message('a@example.test'))).kind).toBe('sent');
      const commands = server.reads.filter((read) => /^(MAIL|RCPT|DATA)/.test(read));
      expect(commands).toEqual([
        'MAIL FROM:<bounce@example.test>\r\n',
        'RCPT TO:<a@example.test>\r\n',
        'DATA\r\n',
      ]);
    } finally {
      client.close();
      await server.close();
    }
  });

  it('delivers many messages over a few connections byte for byte, dots included', async () => {
    const server = await smtpServer({ authOptional: true, disabledCommands: ['STARTTLS'] });
    const client = new SmtpClient({ url: `smtp://127.0.0.1:${server.port}`, connections: 3 });
    try {
      const body = '.leading dot\r\n..two dots\r\nmiddle . dot\r\n.';
      const outcomes = await Promise.all(
        Array.from({ length: 60 }, (_, index) =>
          client.send(envelope(`r${index}@example.test`), message(`r${index}@example.test`, body)),
        ),
      );
      expect(outcomes.every((outcome) => outcome.kind === 'sent')).toBe(true);
      expect(server.received).toHaveLength(60);
      for (const item of server.received) expect(item.raw).toBe(message(item.to, body));
    } finally {
      client.close();
      await server.close();
    }
  });

  it('uses STARTTLS and AUTH PLAIN or LOGIN', async () => {
    for (const method of ['PLAIN', 'LOGIN']) {
      const server = await smtpServer({
        authMethods: [method],
        onAuth(auth, _session, callback) {
          if (auth.username === 'sender' && auth.password === 'p@ss word')
            callback(null, { user: auth.username });
          else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
        },
      });
      const client = new SmtpClient({
        url: `smtp://sender:p%40ss%20word@127.0.0.1:${server.port}`,
        connections: 1,
      });
      const wrong = new SmtpClient({ url: `smtp://sender:wrong@127.0.0.1:${server.port}`, connections: 1 });
      try {
        expect((await client.send(envelope('tls@example.test'), message('tls@example.test'))).kind).toBe(
          'sent',
        );
        expect(server.received[0]).toMatchObject({ secure: true, user: 'sender' });
        expect(await wrong.send(envelope('no@example.test'), message('no@example.test'))).toMatchObject({
          kind: 'permanent',
          response: expect.stringMatching(/^535 /),
        });
      } finally {
        client.close();
        wrong.close();
        await server.close();
      }
    }
  });

  it('leaves a relay that wants another AUTH mechanism to nodemailer', async () => {
    const server = await smtpServer({
      authMethods: ['CRAM-MD5'],
      onAuth(auth, _session, callback) {
        if (auth.username === 'sender' && auth.validatePassword?.('secret'))
          callback(null, { user: 'sender' });
        else callback(new Error('Invalid username or password'));
      },
    });
    const url = `smtp://sender:secret@127.0.0.1:${server.port}`;
    const client = new SmtpClient({ url, connections: 1 });
    const transport = createSmtpTransport(url, { concurrency: 1, ratePerSecond: 0 });
    try {
      expect(await client.send(envelope('x@example.test'), message('x@example.test'))).toMatchObject({
        kind: 'unsupported',
      });
      const outcome = await transport.send({ from: 'a@example.test', to: 'cram@example.test', text: 'hi' });
      expect(outcome.kind).toBe('sent');
      expect(server.received.map((item) => item.to)).toEqual(['cram@example.test']);
    } finally {
      client.close();
      transport.close();
      await server.close();
    }
  });

  it('dot-stuffs lines that start with a dot and ends the data with CRLF', () => {
    const wire = (data: Parameters<typeof dataPieces>[0]) =>
      Buffer.concat(dataPieces(data).map((piece) => Buffer.from(piece as string, 'latin1'))).toString(
        'latin1',
      );
    expect(wire('.a\r\nb\r\n.\r\n..c')).toBe('..a\r\nb\r\n..\r\n...c\r\n.\r\n');
    // Across pieces: a string that starts a line after a Buffer ending in CRLF is stuffed, one
    // that continues a line is not, and a shared Buffer goes out as the very same object.
    const shared = Buffer.from('Content-Type: a\r\n\r\nQUJD\r\n', 'latin1');
    const pieces = dataPieces(['H: 1\r\n\r\n', '.x', shared, '.y', '\r\n', '.z']);
    expect(pieces).toContain(shared);
    expect(wire(['H: 1\r\n\r\n', '.x', shared, '.y', '\r\n', '.z'])).toBe(
      'H: 1\r\n\r\n..x' + 'Content-Type: a\r\n\r\nQUJD\r\n' + '..y\r\n..z\r\n.\r\n',
    );
    expect(wire(['a', Buffer.from('b\r\n'), '.'])).toBe('ab\r\n..\r\n.\r\n');
  });
});

describe('replies become the outcomes nodemailer’s path gives', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
    sink.setReply((recipient) => {
      const code = /^(\d{3})@/.exec(recipient)?.[1];
      if (recipient.startsWith('drop')) return 'drop';
      return code ? { code: Number(code), message: `${code} reply for ${recipient}` } : 'accept';
    });
  });
  afterAll(async () => sink.close());

  const mail = (to: string) => ({
    from: 'a@example.test',
    to,
    envelope: { from: 'bounce@example.test', to: [to] },
    subject: 'S',
    text: 'T',
  });

  it('for accepted, 4xx, 5xx, unknown users and dropped connections', async () => {
    const fast = createSmtpTransport(sink.url, { concurrency: 2, ratePerSecond: 0, engine: 'fast' });
    const slow = createSmtpTransport(sink.url, { concurrency: 2, ratePerSecond: 0, engine: 'nodemailer' });
    const strip = (outcome: SendOutcome | NotStarted) =>
      outcome.kind === 'sent'
        ? { kind: outcome.kind }
        : outcome.kind === 'temporary'
          ? { kind: outcome.kind }
          : outcome;
    try {
      for (const to of [
        'ok@example.test',
        '451@example.test',
        '550@example.test',
        '552@example.test',
        'drop@example.test',
      ]) {
        const [ours, theirs] = [await fast.send(mail(to)), await slow.send(mail(to))];
        expect(strip(ours), to).toEqual(strip(theirs));
        if (ours.kind === 'temporary' && !to.startsWith('drop'))
          expect(ours.response).toBe((theirs as { response: string }).response);
      }
      // Messages behind a dropped connection still go out.
      const after = await Promise.all(
        ['drop2@example.test', 'x1@example.test', 'x2@example.test', 'x3@example.test'].map((to) =>
          fast.send(mail(to)),
        ),
      );
      expect(after.map((outcome) => outcome.kind)).toEqual(['temporary', 'sent', 'sent', 'sent']);
    } finally {
      fast.close();
      slow.close();
    }
  });
});
