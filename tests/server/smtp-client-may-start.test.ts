import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpClient } from '../../server/mail/smtp-client.ts';
import { createSmtpTransport } from '../../server/mail/transport.ts';
import { startSmtpSink, type SinkReply, type SmtpSink } from './helpers/smtp-sink.ts';

/**
 * MayStart is asked right before a message's envelope goes out (issue 31): a message that waited
 * in the client's queue, or for one of nodemailer's places, past its lease's margin comes back
 * `not_started` and never reaches the relay, pipelined or not.
 */
describe('a message that may no longer start is not sent', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink.close();
  });

  const message = (to: string) => `From: a@example.test\r\nTo: ${to}\r\nSubject: s\r\n\r\nbody\r\n`;

  it('by the pipelining client, asked when its turn comes', async () => {
    // The first message holds the only connection while the others wait in the queue.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    sink.setReply((to): Promise<SinkReply> | SinkReply =>
      to.startsWith('first') ? held.then(() => 'accept' as const) : 'accept',
    );
    const client = new SmtpClient({ url: sink.url, connections: 1 });
    let allowed = true;
    const asked: string[] = [];
    const send = (to: string) =>
      client.send({ from: 'a@example.test', to: [to] }, message(to), () => {
        asked.push(to);
        return to.startsWith('first') || allowed;
      });
    const outcomes = Promise.all(['first@x.test', 'second@x.test', 'third@x.test'].map(send));
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The lease of the waiting two ran short meanwhile.
    allowed = false;
    release();
    expect((await outcomes).map((outcome) => outcome.kind)).toEqual(['sent', 'not_started', 'not_started']);
    expect(sink.recipients().filter((to) => to.endsWith('@x.test'))).toEqual(['first@x.test']);
    expect(asked).toEqual(['first@x.test', 'second@x.test', 'third@x.test']);
    client.close();
  });

  it('by the nodemailer engine, asked when one of its places frees', async () => {
    sink.setReply(() => 'accept');
    const transport = createSmtpTransport(sink.url, {
      concurrency: 1,
      ratePerSecond: 0,
      engine: 'nodemailer',
    });
    const mail = (to: string) => ({ from: 'a@example.test', to, subject: 's', text: 'body' });
    const outcomes = await Promise.all([
      transport.send(mail('n1@y.test'), () => true),
      transport.send(mail('n2@y.test'), () => false),
      transport.send(mail('n3@y.test')),
    ]);
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['sent', 'not_started', 'sent']);
    expect(
      sink
        .recipients()
        .filter((to) => to.endsWith('@y.test'))
        .sort(),
    ).toEqual(['n1@y.test', 'n3@y.test']);
    transport.close();
  });
});
