import { EventEmitter } from 'node:events';
import { isIP } from 'node:net';
import smpp, { type Pdu, type Session } from 'smpp';
import { encodeSms, type SmsAnalysis } from '../../../contract/sms-encoding.ts';
import { ESM_MESSAGE_TYPE_MASK, parseDeliveryReceipt, type DeliveryReceipt } from './delivery-receipt.ts';
import { SendRate } from './send-rate.ts';
import { SMPP_STATUS, smppOutcome, smppStatusName } from './smpp-status.ts';
import type { SmppSettings } from './smpp-url.ts';

/**
 * An SMPP 3.4 client (ESME) on one transceiver bind (issue 33). It keeps the bind: enquire_link
 * keep-alives, a new bind with back-off whenever the connection drops or the SMSC unbinds. It
 * sends at most `window` submit_sm unanswered and at most `tps` a second. A submit waits through
 * everything that is not about the message itself: throttling (ESME_RTHROTTLED, ESME_RMSGQFUL)
 * pauses the bind and sends the same submit again; a dropped connection sends again, after the
 * next bind, the submits it had not answered. Only an answer about the message ends a submit:
 * a message id, or an error the caller sees as temporary or permanent (smpp-status.ts).
 *
 * Nothing answered is ever sent again. A submit the SMSC took but whose answer was lost with the
 * connection is the one case that can reach the phone twice: SMPP 3.4 has no way to ask.
 */

export type SmppLog = {
  info: (data: object, message?: string) => void;
  warn: (data: object, message?: string) => void;
};

export type SubmitPart = {
  /** An alphanumeric sender ID, a short code or an E.164 number. */
  source: string;
  /** E.164 (`+9665...`). */
  destination: string;
  /** `short_message`: the concatenation header (if any) then the characters. */
  userData: Uint8Array;
  dataCoding: number;
  /** The part carries a user data header (esm_class 0x40). */
  udh: boolean;
  /** Ask for a delivery receipt (registered_delivery 1). */
  receipt: boolean;
};

export type InboundMessage = {
  source: string;
  destination: string;
  text: string;
  dataCoding: number;
  /** The user data header's elements, for joining a multi-part message. */
  udh: Uint8Array[];
};

export type SmppClientOptions = SmppSettings & {
  log?: SmppLog;
  /** For smpps://: the CA that signed the SMSC's certificate, when not a public one (and tests). */
  tlsCa?: string | Buffer;
  /** First wait before binding again, doubled after each failure up to `reconnectMaxMs`. */
  reconnectMs?: number;
  reconnectMaxMs?: number;
  /** How long an answer may take before the connection counts as dead. */
  responseTimeoutMs?: number;
  /** The pause after a throttling answer, doubled while the SMSC keeps throttling (at most 30 s). */
  slowDownMs?: number;
  /** Called for each receipt before it is acknowledged; a throw answers "try later" to the SMSC. */
  onReceipt?: (receipt: DeliveryReceipt) => void | Promise<void>;
  onInbound?: (message: InboundMessage) => void | Promise<void>;
};

export type BindState = 'connecting' | 'bound' | 'waiting' | 'closed';

/** A submit the SMSC answered with an error about the message. */
export class SmppSubmitError extends Error {
  override name = 'SmppSubmitError';
  constructor(
    readonly status: number,
    readonly permanent: boolean,
  ) {
    super(`submit_sm refused: ${smppStatusName(status)}`);
  }
}

/** The client was closed before the SMSC answered: the message was not sent and may go again. */
export class SmppClosedError extends Error {
  override name = 'SmppClosedError';
  readonly permanent = false;
}

type Pending = {
  order: number;
  part: SubmitPart;
  resolve: (messageId: string) => void;
  reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
};

const SLOW_DOWN_MAX_MS = 30_000;

/** SMPP addresses: TON/NPI from the shape of the address (SMPP 3.4 section 5.2.5-5.2.6). */
function address(value: string): { ton: number; npi: number; addr: string } {
  if (/^\+\d{6,15}$/.test(value)) return { ton: 1, npi: 1, addr: value.slice(1) };
  if (/^\d{1,8}$/.test(value)) return { ton: 3, npi: 0, addr: value };
  if (/^\d+$/.test(value)) return { ton: 1, npi: 1, addr: value };
  return { ton: 5, npi: 0, addr: value };
}

function messageText(pdu: Pdu): { text: string; udh: Uint8Array[] } {
  const field = (pdu.short_message ?? pdu.message_payload) as
    { message?: unknown; udh?: Buffer[] } | undefined;
  const payload = pdu.message_payload as { message?: unknown } | undefined;
  const message =
    typeof field?.message === 'string' && field.message !== '' ? field.message : payload?.message;
  return { text: typeof message === 'string' ? message : '', udh: field?.udh ?? [] };
}

export class SmppClient extends EventEmitter {
  state: BindState = 'connecting';
  /** Why the last bind or connection failed, for the connection's status ("ESME_RINVPASWD"). */
  lastError: string | null = null;
  readonly counts = { submitted: 0, slowedDown: 0, binds: 0, resent: 0 };

  private session: Session | null = null;
  // New submits from `queueHead` on: an array's shift() copies the rest, which a queue of a whole
  // campaign's parts cannot afford; the taken front is dropped in one go now and then.
  private queue: Pending[] = [];
  private queueHead = 0;
  /** Sent again first, in the order they were first queued (parts of one message stay in order). */
  private readonly retry: Pending[] = [];
  private readonly outstanding = new Map<number, Pending>();
  private nextOrder = 0;
  private reconnectWait: number;
  private slowDownWait: number;
  private pausedUntil = 0;
  private pumpTimer: NodeJS.Timeout | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private keepAlive: NodeJS.Timeout | null = null;
  private readonly rate: SendRate;

  constructor(private readonly options: SmppClientOptions) {
    super();
    this.reconnectWait = options.reconnectMs ?? 1000;
    this.slowDownWait = options.slowDownMs ?? 1000;
    this.rate = new SendRate(options.tps);
    this.connect();
  }

  /** One part: resolves with the SMSC's message id. */
  submit(part: SubmitPart): Promise<string> {
    if (this.state === 'closed') return Promise.reject(new SmppClosedError('the SMPP client is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ order: this.nextOrder++, part, resolve, reject });
      this.pump();
    });
  }

  /** A whole text, encoded and split (contract/sms-encoding.ts): each part's message id. */
  async sendText(input: {
    source: string;
    destination: string;
    text: string;
    reference: number;
    receipt?: boolean;
  }): Promise<{ analysis: SmsAnalysis; messageIds: string[] }> {
    const { analysis, parts } = encodeSms(input.text, { reference: input.reference });
    const messageIds = await Promise.all(
      parts.map((part) =>
        this.submit({
          source: input.source,
          destination: input.destination,
          userData: part.userData,
          dataCoding: analysis.dataCoding,
          udh: part.udh.length > 0,
          receipt: input.receipt ?? true,
        }),
      ),
    );
    return { analysis, messageIds };
  }

  get pending(): number {
    return this.queue.length - this.queueHead + this.retry.length + this.outstanding.size;
  }

  /** Resolves once bound (at once when bound already); rejects when the client closes first. */
  whenBound(): Promise<void> {
    if (this.state === 'bound') return Promise.resolve();
    if (this.state === 'closed') return Promise.reject(new SmppClosedError('the SMPP client is closed'));
    return new Promise((resolve, reject) => {
      const onState = (state: BindState) => {
        if (state === 'bound') resolve();
        else if (state === 'closed') reject(new SmppClosedError(this.lastError ?? 'closed'));
        else return;
        this.off('state', onState);
      };
      this.on('state', onState);
    });
  }

  /**
   * Stops: submits not yet sent fail with SmppClosedError (never sent, safe to send again);
   * those sent get up to `graceMs` for their answers, then the bind is closed with unbind.
   */
  async close(graceMs = 2000): Promise<void> {
    if (this.state === 'closed') return;
    const waiting = [...this.retry.splice(0), ...this.queue.slice(this.queueHead)];
    this.queue = [];
    this.queueHead = 0;
    for (const item of waiting) item.reject(new SmppClosedError('the SMPP client closed before sending'));
    const deadline = Date.now() + graceMs;
    while (this.outstanding.size > 0 && this.state === 'bound' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    this.setState('closed');
    this.clearTimers();
    for (const item of this.outstanding.values()) {
      clearTimeout(item.timer);
      item.reject(new SmppClosedError('the SMPP client closed before the SMSC answered'));
    }
    this.outstanding.clear();
    const session = this.session;
    this.session = null;
    if (session) await this.unbindAndClose(session);
  }

  private unbindAndClose(session: Session): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        session.destroy();
        resolve();
      };
      const timer = setTimeout(done, 500);
      session.socket.once('close', done);
      if (!session.unbind({}, done)) done();
    });
  }

  private setState(state: BindState) {
    if (this.state === state) return;
    this.state = state;
    this.emit('state', state);
  }

  private clearTimers() {
    for (const timer of [this.pumpTimer, this.reconnectTimer, this.keepAlive]) if (timer) clearTimeout(timer);
    if (this.keepAlive) clearInterval(this.keepAlive);
    this.pumpTimer = this.reconnectTimer = this.keepAlive = null;
  }

  private connect() {
    if (this.state === 'closed') return;
    this.setState('connecting');
    const { host, port, tls } = this.options;
    // Certificates are always verified; SNI carries host names only (RFC 6066 rules out addresses).
    const tlsOptions = tls
      ? {
          ...(isIP(host) ? {} : { servername: host }),
          ...(this.options.tlsCa ? { ca: this.options.tlsCa } : {}),
        }
      : {};
    const session = smpp.connect({ host, port, tls, ...tlsOptions });
    this.session = session;
    // Connecting and binding together get one answer's time: a silent host is a dead one.
    const timer = setTimeout(() => {
      this.lastError ??= 'no answer to connect or bind';
      session.destroy();
    }, this.options.responseTimeoutMs ?? 30_000);
    session.on('error', (error: NodeJS.ErrnoException) => {
      this.lastError = error.code ?? error.message;
    });
    session.on('close', () => {
      clearTimeout(timer);
      this.dropped(session);
    });
    session.once(tls ? 'secureConnect' : 'connect', () => this.bind(session, timer));
    session.on('deliver_sm', (pdu: Pdu) => void this.delivered(session, pdu));
    session.on('enquire_link', (pdu: Pdu) => session.send(pdu.response()));
    session.on('unbind', (pdu: Pdu) => {
      session.send(pdu.response());
      session.close();
    });
  }

  private bind(session: Session, timer: NodeJS.Timeout) {
    session.bind_transceiver(
      {
        system_id: this.options.systemId,
        password: this.options.password,
        system_type: this.options.systemType,
        interface_version: 0x34,
      },
      (pdu) => {
        clearTimeout(timer);
        if (session !== this.session) return;
        if (pdu.command_status !== SMPP_STATUS.ESME_ROK) {
          this.lastError = smppStatusName(pdu.command_status);
          this.options.log?.warn({ status: this.lastError }, 'SMPP bind refused');
          session.destroy();
          return;
        }
        this.lastError = null;
        this.counts.binds += 1;
        this.reconnectWait = this.options.reconnectMs ?? 1000;
        this.setState('bound');
        this.startKeepAlive(session);
        this.pump();
      },
    );
  }

  private startKeepAlive(session: Session) {
    const timeoutMs = this.options.responseTimeoutMs ?? 30_000;
    this.keepAlive = setInterval(() => {
      const timer = setTimeout(() => session.destroy(), timeoutMs);
      if (!session.enquire_link({}, () => clearTimeout(timer))) clearTimeout(timer);
    }, this.options.enquireLinkSeconds * 1000);
    this.keepAlive.unref();
  }

  /** The connection is gone: what was sent and not answered goes again after the next bind. */
  private dropped(session: Session) {
    if (session !== this.session) return;
    this.session = null;
    if (this.keepAlive) clearInterval(this.keepAlive);
    this.keepAlive = null;
    for (const item of this.outstanding.values()) {
      clearTimeout(item.timer);
      this.counts.resent += 1;
      this.requeue(item);
    }
    this.outstanding.clear();
    if (this.state === 'closed') return;
    this.setState('waiting');
    this.options.log?.warn({ retryMs: this.reconnectWait, error: this.lastError }, 'SMPP connection lost');
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, this.reconnectWait);
    this.reconnectWait = Math.min(this.reconnectWait * 2, this.options.reconnectMaxMs ?? 60_000);
  }

  private requeue(item: Pending) {
    let at = this.retry.length;
    while (at > 0 && (this.retry[at - 1]?.order ?? 0) > item.order) at -= 1;
    this.retry.splice(at, 0, item);
  }

  private schedulePump(waitMs: number) {
    if (this.pumpTimer) return;
    this.pumpTimer = setTimeout(() => {
      this.pumpTimer = null;
      this.pump();
    }, waitMs);
  }

  private pump() {
    const session = this.session;
    if (this.state !== 'bound' || !session || this.pumpTimer) return;
    const pause = this.pausedUntil - Date.now();
    if (pause > 0) return this.schedulePump(pause);
    while (
      this.outstanding.size < this.options.window &&
      (this.retry.length > 0 || this.queueHead < this.queue.length)
    ) {
      const token = this.rate.take();
      if (!token.ok) return this.schedulePump(token.waitMs);
      const item = this.retry.shift() ?? this.takeQueued();
      if (!this.send(session, item)) {
        this.requeue(item);
        session.destroy();
        return;
      }
    }
  }

  private takeQueued(): Pending {
    const item = this.queue[this.queueHead] as Pending;
    this.queue[this.queueHead] = undefined as unknown as Pending;
    this.queueHead += 1;
    if (this.queueHead >= 1024 && this.queueHead * 2 >= this.queue.length) {
      this.queue = this.queue.slice(this.queueHead);
      this.queueHead = 0;
    }
    return item;
  }

  private send(session: Session, item: Pending): boolean {
    const source = address(item.part.source);
    const destination = address(item.part.destination);
    const pdu = new smpp.PDU('submit_sm', {
      source_addr_ton: source.ton,
      source_addr_npi: source.npi,
      source_addr: source.addr,
      dest_addr_ton: destination.ton,
      dest_addr_npi: destination.npi,
      destination_addr: destination.addr,
      esm_class: item.part.udh ? 0x40 : 0x00,
      data_coding: item.part.dataCoding,
      registered_delivery: item.part.receipt ? 0x01 : 0x00,
      short_message: Buffer.from(item.part.userData),
    });
    // The session numbers the PDU as it sends it; the answer comes back under that number.
    if (!session.send(pdu, (answer) => this.answered(pdu.sequence_number, answer))) return false;
    item.timer = setTimeout(() => session.destroy(), this.options.responseTimeoutMs ?? 30_000);
    this.outstanding.set(pdu.sequence_number, item);
    return true;
  }

  private answered(sequence: number, pdu: Pdu) {
    const item = this.outstanding.get(sequence);
    if (!item) return;
    this.outstanding.delete(sequence);
    clearTimeout(item.timer);
    const outcome = smppOutcome(pdu.command_status);
    if (outcome === 'ok') {
      this.counts.submitted += 1;
      this.slowDownWait = this.options.slowDownMs ?? 1000;
      item.resolve(String(pdu.message_id ?? ''));
    } else if (outcome === 'slow_down') {
      this.counts.slowedDown += 1;
      this.requeue(item);
      this.pausedUntil = Math.max(this.pausedUntil, Date.now() + this.slowDownWait);
      this.slowDownWait = Math.min(this.slowDownWait * 2, SLOW_DOWN_MAX_MS);
      this.emit('slow_down', smppStatusName(pdu.command_status));
    } else if (outcome === 'rebind') {
      this.requeue(item);
      this.session?.destroy();
      return;
    } else {
      item.reject(new SmppSubmitError(pdu.command_status, outcome === 'permanent'));
    }
    this.pump();
  }

  private async delivered(session: Session, pdu: Pdu) {
    const { text, udh } = messageText(pdu);
    const esmClass = Number(pdu.esm_class ?? 0);
    let status: number = SMPP_STATUS.ESME_ROK;
    try {
      const receipt = parseDeliveryReceipt({
        esm_class: esmClass,
        text,
        receipted_message_id: pdu.receipted_message_id as string | undefined,
        message_state: pdu.message_state as number | undefined,
      });
      if (receipt) {
        this.emit('receipt', receipt);
        await this.options.onReceipt?.(receipt);
      } else if ((esmClass & ESM_MESSAGE_TYPE_MASK) !== 0) {
        // An SMSC or user acknowledgement, or a receipt without a message id: not a phone's
        // message, so never an inbound one (a keyword rule must not see it).
        this.options.log?.warn({ esmClass, text }, 'SMPP deliver_sm neither a receipt nor a message');
      } else {
        const inbound: InboundMessage = {
          source: String(pdu.source_addr ?? ''),
          destination: String(pdu.destination_addr ?? ''),
          text,
          dataCoding: Number(pdu.data_coding ?? 0),
          udh: udh.map((element) => new Uint8Array(element)),
        };
        this.emit('inbound', inbound);
        await this.options.onInbound?.(inbound);
      }
    } catch (error) {
      // Not stored: the SMSC keeps the receipt and offers it again later.
      status = SMPP_STATUS.ESME_RX_T_APPN;
      this.options.log?.warn({ error: (error as Error).message }, 'SMPP deliver_sm not taken');
    }
    session.send(pdu.response({ command_status: status }));
  }
}
