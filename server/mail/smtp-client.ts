import net from 'node:net';
import { hostname } from 'node:os';
import tls from 'node:tls';
import { NOT_STARTED, type MayStart, type NotStarted, type SendOutcome } from './send-outcome.ts';

/**
 * A small SMTP client for finished messages (raw-message.ts): a pool of connections to one relay,
 * each sending one message after another and, when the relay advertises PIPELINING (RFC 2920),
 * writing MAIL FROM, RCPT TO and DATA in one packet and the next message's envelope right behind
 * the end of the current message's data, so a message costs about one round trip instead of four.
 * Without PIPELINING every command waits for its reply. STARTTLS is used when offered (as
 * nodemailer does), `smtps:` URLs connect with TLS, and AUTH PLAIN or LOGIN is used when the URL
 * carries a user. SIZE is declared when the relay advertises it.
 *
 * What it does not do is reported as `unsupported` (the caller sends through nodemailer instead):
 * a relay that wants another AUTH mechanism (CRAM-MD5, XOAUTH2), or a user given to a relay that
 * offers no AUTH. Replies become outcomes exactly as transport.ts's classifySmtpError does: 5xx
 * permanent (550/551/553 `userUnknown`), anything else (4xx, a dropped connection, a time-out)
 * temporary.
 */

export type Envelope = { from: string; to: string[] };

type Reply = { code: number; text: string };
export type ClientOutcome = SendOutcome | NotStarted | { kind: 'unsupported'; reason: string };

export class UnsupportedRelayError extends Error {
  override name = 'UnsupportedRelayError';
}

export type SmtpClientOptions = {
  url: string;
  /** Connections kept open at most. */
  connections: number;
  ehloName?: string;
  connectionTimeoutMs?: number;
  socketTimeoutMs?: number;
};

// 550 mailbox unavailable, 551 user not local, 553 mailbox name not allowed (as classifySmtpError).
const USER_UNKNOWN = new Set([550, 551, 553]);

function failure(reply: Reply): Exclude<SendOutcome, { kind: 'sent' }> {
  const response = reply.text.slice(0, 1000);
  if (reply.code >= 500 && reply.code < 600) {
    return { kind: 'permanent', response, userUnknown: USER_UNKNOWN.has(reply.code) };
  }
  return { kind: 'temporary', response };
}

const ok = (reply: Reply | null | undefined) => Boolean(reply && reply.code >= 200 && reply.code < 300);

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || host.startsWith('127.');
}

/** A message's text as strings and shared Buffers (raw-message.ts); a string is the whole message. */
export type MessageData = string | readonly (string | Buffer)[];

function dataLength(data: MessageData): number {
  if (typeof data === 'string') return data.length;
  let length = 0;
  for (const chunk of data) length += chunk.length;
  return length;
}

/**
 * The DATA section's pieces: lines starting with a dot get another (RFC 5321 4.5.2), the data
 * ends with CRLF and the final dot; runs of strings are joined
 * and stuffed, Buffers (already wire-ready: no line of theirs starts with a dot, see mime-writer.ts)
 * go as they are, the same Buffer for every message that carries it.
 */
export function dataPieces(data: MessageData): (string | Buffer)[] {
  const pieces: (string | Buffer)[] = [];
  let lineStart = true;
  let run: string[] = [];
  const flush = () => {
    if (run.length === 0) return;
    const text = run.join('');
    run = [];
    if (!text) return;
    let stuffed = text.replace(/\r\n\./g, '\r\n..');
    if (lineStart && stuffed.startsWith('.')) stuffed = `.${stuffed}`;
    pieces.push(stuffed);
    lineStart = stuffed.endsWith('\r\n');
  };
  for (const chunk of typeof data === 'string' ? [data] : data) {
    if (typeof chunk === 'string') {
      run.push(chunk);
      continue;
    }
    flush();
    if (chunk.length === 0) continue;
    pieces.push(chunk);
    lineStart = chunk[chunk.length - 2] === 0x0d && chunk[chunk.length - 1] === 0x0a;
  }
  flush();
  pieces.push(lineStart ? '.\r\n' : '\r\n.\r\n');
  return pieces;
}

type Job = {
  envelope: Envelope;
  data: MessageData;
  resolve: (outcome: ClientOutcome) => void;
  /** Asked right before its envelope is written (transport.ts's MayStart). */
  mayStart?: MayStart;
  /** Times it was put back because its connection died before its transaction began. */
  requeued: number;
};

type EnvelopeReplies = { mail: Reply; rcpts: Reply[]; data: Reply | null };

class Connection {
  private socket: net.Socket;
  private buffer = '';
  private lines: string[] = [];
  private waiting: { resolve: (reply: Reply) => void; reject: (error: Error) => void }[] = [];
  private failed: Error | null = null;
  extensions = new Map<string, string>();
  alive = true;

  private constructor(socket: net.Socket, socketTimeoutMs: number) {
    this.socket = socket;
    this.attach(socketTimeoutMs);
  }

  static async open(options: SmtpClientOptions): Promise<Connection> {
    const url = new URL(options.url);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const secure = url.protocol === 'smtps:';
    const port = url.port ? Number(url.port) : secure ? 465 : 587;
    const tlsOptions = {
      servername: net.isIP(host) ? undefined : host,
      rejectUnauthorized: !isLoopback(host),
    };
    const socket = await new Promise<net.Socket>((resolve, reject) => {
      const s = secure ? tls.connect({ host, port, ...tlsOptions }) : net.connect({ host, port });
      const timer = setTimeout(
        () => s.destroy(Object.assign(new Error('Connection timeout'), { code: 'ETIMEDOUT' })),
        options.connectionTimeoutMs ?? 30_000,
      );
      s.once(secure ? 'secureConnect' : 'connect', () => {
        clearTimeout(timer);
        s.removeListener('error', reject);
        resolve(s);
      });
      s.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    socket.setNoDelay(true);
    const connection = new Connection(socket, options.socketTimeoutMs ?? 60_000);
    try {
      await connection.handshake(options, host, tlsOptions, secure);
    } catch (error) {
      connection.destroy();
      throw error;
    }
    return connection;
  }

  private attach(socketTimeoutMs: number): void {
    this.socket.setEncoding('latin1');
    this.socket.setTimeout(socketTimeoutMs, () =>
      this.fail(Object.assign(new Error('Socket timeout'), { code: 'ETIMEDOUT' })),
    );
    this.socket.on('data', (chunk: string) => this.onData(chunk));
    this.socket.on('error', (error) => this.fail(error));
    this.socket.on('close', () =>
      this.fail(Object.assign(new Error('Connection closed'), { code: 'ECONNECTION' })),
    );
  }

  private onData(chunk: string): void {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, end).replace(/\r$/, '');
      this.buffer = this.buffer.slice(end + 1);
      this.lines.push(line);
      // "250-..." continues a reply, "250 ..." (or a bare code) ends it.
      if (line.length < 4 || line[3] !== '-') {
        const reply = { code: Number(line.slice(0, 3)) || 0, text: this.lines.join('\n') };
        this.lines = [];
        const waiter = this.waiting.shift();
        if (waiter) waiter.resolve(reply);
        // An unrequested reply (a 421 before closing) ends the session: nothing can be matched to it.
        else this.fail(Object.assign(new Error(reply.text), { code: 'EPROTOCOL' }));
      }
    }
  }

  private fail(error: Error): void {
    this.alive = false;
    if (!this.failed) this.failed = error;
    const waiting = this.waiting;
    this.waiting = [];
    for (const waiter of waiting) waiter.reject(this.failed);
    this.socket.destroy();
  }

  destroy(): void {
    this.fail(Object.assign(new Error('Connection closed by the client'), { code: 'ECONNECTION' }));
  }

  /** A promise for the next reply; its rejection is always handled by whoever awaits it. */
  private expect(): Promise<Reply> {
    if (this.failed) return Promise.reject(this.failed);
    const reply = new Promise<Reply>((resolve, reject) => this.waiting.push({ resolve, reject }));
    reply.catch(() => {});
    return reply;
  }

  write(text: string): void {
    if (!this.failed) this.socket.write(text, 'latin1');
  }

  /** Pieces written in one go: corked, they leave in one writev instead of a syscall each. */
  writeAll(pieces: (string | Buffer)[]): void {
    if (this.failed) return;
    this.socket.cork();
    for (const piece of pieces) {
      if (piece.length > 0) this.socket.write(piece, 'latin1');
    }
    this.socket.uncork();
  }

  command(line: string): Promise<Reply> {
    const reply = this.expect();
    this.write(`${line}\r\n`);
    return reply;
  }

  private async handshake(
    options: SmtpClientOptions,
    host: string,
    tlsOptions: tls.ConnectionOptions,
    secure: boolean,
  ): Promise<void> {
    const greeting = await this.expect();
    if (greeting.code !== 220) throw replyError(greeting);
    const name = options.ehloName ?? hostname();
    await this.hello(name);
    if (!secure && this.extensions.has('STARTTLS')) {
      const reply = await this.command('STARTTLS');
      if (reply.code !== 220) throw replyError(reply);
      await this.upgrade(host, tlsOptions, options.socketTimeoutMs ?? 60_000);
      await this.hello(name);
    }
    const url = new URL(options.url);
    if (url.username) {
      await this.authenticate(decodeURIComponent(url.username), decodeURIComponent(url.password));
    }
  }

  private async hello(name: string): Promise<void> {
    this.extensions.clear();
    const ehlo = await this.command(`EHLO ${name}`);
    if (ok(ehlo)) {
      for (const line of ehlo.text.split('\n').slice(1)) {
        const [keyword = '', ...rest] = line.slice(4).trim().split(/\s+/);
        this.extensions.set(keyword.toUpperCase(), rest.join(' '));
      }
      return;
    }
    const helo = await this.command(`HELO ${name}`);
    if (!ok(helo)) throw replyError(helo);
  }

  private async upgrade(
    host: string,
    tlsOptions: tls.ConnectionOptions,
    socketTimeoutMs: number,
  ): Promise<void> {
    const plain = this.socket;
    plain.removeAllListeners('data');
    plain.removeAllListeners('error');
    plain.removeAllListeners('close');
    plain.setTimeout(0);
    this.socket = await new Promise<net.Socket>((resolve, reject) => {
      const secured = tls.connect({ socket: plain, host, ...tlsOptions }, () => {
        secured.removeListener('error', reject);
        resolve(secured);
      });
      secured.once('error', reject);
    });
    this.attach(socketTimeoutMs);
  }

  private async authenticate(user: string, pass: string): Promise<void> {
    const methods = (this.extensions.get('AUTH') ?? '').toUpperCase().split(/\s+/);
    let reply: Reply;
    if (methods.includes('PLAIN')) {
      reply = await this.command(
        `AUTH PLAIN ${Buffer.from(`\0${user}\0${pass}`, 'utf8').toString('base64')}`,
      );
    } else if (methods.includes('LOGIN')) {
      reply = await this.command('AUTH LOGIN');
      if (reply.code === 334) reply = await this.command(Buffer.from(user, 'utf8').toString('base64'));
      if (reply.code === 334) reply = await this.command(Buffer.from(pass, 'utf8').toString('base64'));
    } else {
      throw new UnsupportedRelayError(
        this.extensions.has('AUTH')
          ? `the relay offers AUTH ${this.extensions.get('AUTH')}, not PLAIN or LOGIN`
          : 'a user is configured but the relay offers no AUTH',
      );
    }
    if (reply.code !== 235) throw replyError(reply);
  }

  get pipelining(): boolean {
    return this.extensions.has('PIPELINING');
  }

  private mailCommand(job: Job): string {
    const size = this.extensions.has('SIZE') ? ` SIZE=${dataLength(job.data)}` : '';
    return `MAIL FROM:<${job.envelope.from}>${size}`;
  }

  /**
   * MAIL, RCPT and DATA of a pipelined message: the replies are expected now, in order, and the
   * commands returned to be written by the caller (behind another message's data, or alone).
   */
  pipelinedEnvelope(job: Job): { commands: string; replies: Promise<EnvelopeReplies> } {
    const mail = this.expect();
    const rcpts = job.envelope.to.map(() => this.expect());
    const data = this.expect();
    const commands = `${this.mailCommand(job)}\r\n${job.envelope.to.map((to) => `RCPT TO:<${to}>\r\n`).join('')}DATA\r\n`;
    const replies = Promise.all([mail, Promise.all(rcpts), data]).then(([m, r, d]) => ({
      mail: m,
      rcpts: r,
      data: d,
    }));
    replies.catch(() => {});
    return { commands, replies };
  }

  /** MAIL, RCPT and DATA: written at once when pipelining, else each after the previous reply. */
  envelope(job: Job): Promise<EnvelopeReplies> {
    if (this.pipelining) {
      const { commands, replies } = this.pipelinedEnvelope(job);
      this.write(commands);
      return replies;
    }
    return (async () => {
      const mail = await this.command(this.mailCommand(job));
      if (!ok(mail)) return { mail, rcpts: [], data: null };
      const rcpts: Reply[] = [];
      for (const to of job.envelope.to) rcpts.push(await this.command(`RCPT TO:<${to}>`));
      if (!rcpts.some(ok)) return { mail, rcpts, data: null };
      return { mail, rcpts, data: await this.command('DATA') };
    })();
  }

  /**
   * One message whose envelope was written: its data once DATA was answered with 354, written
   * together with whatever `afterData` returns (the next message's pipelined envelope), then the
   * final reply.
   */
  async transaction(
    job: Job,
    replies: Promise<EnvelopeReplies>,
    afterData: () => string,
  ): Promise<SendOutcome> {
    const { mail, rcpts, data } = await replies;
    const refused = !ok(mail) ? mail : !rcpts.some(ok) ? rcpts.find((reply) => !ok(reply)) : null;
    if (refused || data?.code !== 354) {
      // A relay that answered DATA with 354 anyway gets an empty message it will refuse.
      if (data?.code === 354) await this.command('.');
      await this.command('RSET');
      return failure(refused ?? data ?? mail);
    }
    const final = this.expect();
    this.writeAll([...dataPieces(job.data), afterData()]);
    const reply = await final;
    if (!ok(reply)) return failure(reply);
    return { kind: 'sent', response: reply.text.slice(0, 1000), messageId: '' };
  }

  async quit(): Promise<void> {
    if (!this.alive) return;
    await Promise.race([
      this.command('QUIT').catch(() => {}),
      new Promise((resolve) => setTimeout(resolve, 1000)),
    ]);
    this.destroy();
  }
}

function replyError(reply: Reply): Error {
  return Object.assign(new Error(reply.text), { responseCode: reply.code, response: reply.text });
}

function errorOutcome(error: unknown): ClientOutcome {
  if (error instanceof UnsupportedRelayError) return { kind: 'unsupported', reason: error.message };
  const smtp = error as { responseCode?: number; response?: string };
  if (typeof smtp?.responseCode === 'number') {
    return failure({ code: smtp.responseCode, text: smtp.response ?? String(error) });
  }
  return {
    kind: 'temporary',
    response: (error instanceof Error ? error.message : String(error)).slice(0, 1000),
  };
}

const MAX_REQUEUES = 3;

/** Whether a job may begin its transaction now; one that may not is answered `not_started`. */
function mayStartNow(job: Job): boolean {
  if (!job.mayStart || job.mayStart()) return true;
  job.resolve(NOT_STARTED);
  return false;
}

export class SmtpClient {
  private readonly queue: Job[] = [];
  private readonly takers: ((job: Job | null) => void)[] = [];
  private workers = 0;
  private closed = false;
  private readonly connections = new Set<Connection>();

  constructor(private readonly options: SmtpClientOptions) {}

  /** Sends one finished message (CRLF line ends, not dot-stuffed). */
  send(envelope: Envelope, data: MessageData, mayStart?: MayStart): Promise<ClientOutcome> {
    if (this.closed) return Promise.resolve({ kind: 'temporary', response: 'the SMTP client is closed' });
    return new Promise((resolve) => {
      this.give({ envelope, data, resolve, mayStart, requeued: 0 });
      if (this.workers < this.options.connections && this.queue.length > 0) {
        this.workers += 1;
        void this.work();
      }
    });
  }

  close(): void {
    this.closed = true;
    for (const taker of this.takers.splice(0)) taker(null);
    for (const connection of this.connections) void connection.quit();
    for (const job of this.queue.splice(0))
      job.resolve({ kind: 'temporary', response: 'the SMTP client closed' });
  }

  private give(job: Job, front = false): void {
    const taker = this.takers.shift();
    if (taker) taker(job);
    else if (front) this.queue.unshift(job);
    else this.queue.push(job);
  }

  private take(): Promise<Job | null> {
    const job = this.queue.shift();
    if (job) return Promise.resolve(job);
    if (this.closed) return Promise.resolve(null);
    return new Promise((resolve) => this.takers.push(resolve));
  }

  /** The next queued job that may start now; those that may not are answered `not_started`. */
  private nextStartable(): Job | undefined {
    for (let job = this.queue.shift(); job; job = this.queue.shift()) {
      if (mayStartNow(job)) return job;
    }
    return undefined;
  }

  /** One connection's life: take a message, send it, and keep the next one's envelope in flight. */
  private async work(): Promise<void> {
    let connection: Connection | null = null;
    // The message whose envelope was written behind the current one's data (pipelining only).
    const lookahead: { job: Job; replies: Promise<EnvelopeReplies> }[] = [];
    try {
      while (!this.closed) {
        const ahead = lookahead.shift();
        const job = ahead?.job ?? (await this.take());
        if (!job) break;
        if (!connection?.alive) {
          if (connection) this.connections.delete(connection);
          try {
            connection = await Connection.open(this.options);
            this.connections.add(connection);
          } catch (error) {
            connection = null;
            job.resolve(errorOutcome(error));
            continue;
          }
        }
        // Asked as late as possible: right before the envelope goes out (a lookahead's was
        // asked when it was written behind the previous message).
        if (!ahead && !mayStartNow(job)) continue;
        const current: Connection = connection;
        const replies = ahead?.replies ?? current.envelope(job);
        try {
          job.resolve(
            await current.transaction(job, replies, () => {
              const next = current.pipelining ? this.nextStartable() : undefined;
              if (!next) return '';
              const { commands, replies: nextReplies } = current.pipelinedEnvelope(next);
              lookahead.push({ job: next, replies: nextReplies });
              return commands;
            }),
          );
        } catch (error) {
          // The connection broke during this message: it is tried again later, as nodemailer's
          // pool reports a dropped connection. A message whose envelope was only written ahead
          // never reached DATA, so it goes back to the queue for another connection.
          job.resolve(errorOutcome(error));
          for (const pending of lookahead.splice(0)) {
            if (pending.job.requeued++ < MAX_REQUEUES) this.give(pending.job, true);
            else pending.job.resolve(errorOutcome(error));
          }
          current.destroy();
          this.connections.delete(current);
          connection = null;
        }
      }
    } finally {
      for (const pending of lookahead.splice(0)) this.give(pending.job, true);
      if (connection) {
        this.connections.delete(connection);
        void connection.quit();
      }
      this.workers -= 1;
    }
  }
}
