import { connect, type Socket } from 'node:net';

/**
 * A plain SMTP client over a socket, the way a mailbox provider's MTA delivers a bounce or a
 * complaint: EHLO, MAIL FROM (the null sender `<>` for DSNs), RCPT TO, DATA with the message as
 * given (dot-stuffed), QUIT. It answers every reply code, so tests can see a 550 as well.
 */
export type SmtpDelivery = {
  from: string;
  to: string[];
  /** The message; a Buffer is sent byte for byte (real reports are not always UTF-8). */
  raw: string | Buffer;
};

export type SmtpAnswer = {
  /** The reply code of each RCPT TO, in order. */
  rcpt: number[];
  /** The reply to the end of DATA; null when no recipient was accepted (DATA not sent). */
  data: number | null;
};

function replies(socket: Socket) {
  let buffer = '';
  const waiting: ((line: { code: number; text: string }) => void)[] = [];
  const ready: { code: number; text: string }[] = [];
  socket.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    let end: number;
    while ((end = buffer.indexOf('\r\n')) >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      // Multi-line replies ("250-...") end with the line whose fourth character is a space.
      if (line[3] === '-') continue;
      const reply = { code: Number(line.slice(0, 3)), text: line };
      const next = waiting.shift();
      if (next) next(reply);
      else ready.push(reply);
    }
  });
  return () =>
    new Promise<{ code: number; text: string }>((resolve, reject) => {
      const early = ready.shift();
      if (early) return resolve(early);
      socket.once('error', reject);
      waiting.push((reply) => {
        socket.off('error', reject);
        resolve(reply);
      });
    });
}

export async function deliverSmtp(port: number, delivery: SmtpDelivery): Promise<SmtpAnswer> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const next = replies(socket);
  const command = async (line: string) => {
    socket.write(`${line}\r\n`);
    return next();
  };
  try {
    const banner = await next();
    if (banner.code !== 220) throw new Error(`banner: ${banner.text}`);
    const hello = await command('EHLO mx.mailbox-provider.test');
    if (hello.code !== 250) throw new Error(`EHLO: ${hello.text}`);
    const mail = await command(`MAIL FROM:<${delivery.from}>`);
    if (mail.code !== 250) throw new Error(`MAIL FROM: ${mail.text}`);
    const rcpt: number[] = [];
    for (const to of delivery.to) rcpt.push((await command(`RCPT TO:<${to}>`)).code);
    if (!rcpt.some((code) => code === 250)) {
      await command('QUIT');
      return { rcpt, data: null };
    }
    const start = await command('DATA');
    if (start.code !== 354) throw new Error(`DATA: ${start.text}`);
    // latin1 maps each byte to one character and back, so a Buffer's bytes pass unchanged.
    const bytes = typeof delivery.raw !== 'string';
    const body = (bytes ? delivery.raw.toString('latin1') : (delivery.raw as string))
      .replace(/\r?\n/g, '\r\n')
      .split('\r\n')
      .map((line) => (line.startsWith('.') ? `.${line}` : line))
      .join('\r\n');
    socket.write(Buffer.from(`${body}\r\n.\r\n`, bytes ? 'latin1' : 'utf8'));
    const data = await next();
    await command('QUIT');
    return { rcpt, data: data.code };
  } finally {
    socket.destroy();
  }
}
