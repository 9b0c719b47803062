import type { AddressInfo } from 'node:net';
import smpp, { type Pdu, type Session, type SmppServer } from 'smpp';
import { encodeSms } from '../../../contract/sms-encoding.ts';
import { formatReceiptText, RECEIPT_MESSAGE_STATE, type ReceiptStatus } from './delivery-receipt.ts';
import { SMPP_STATUS } from './smpp-status.ts';

/**
 * The built-in SMSC (issue 33), for trying the product without a provider, as the capture
 * server is for e-mail: it listens on 127.0.0.1, accepts every bind (or only the credentials it
 * is given), answers submit_sm with message ids, joins the parts of each message as a phone
 * would, keeps what it received, and sends a delivery receipt for every part that asked for one.
 * Rules per number make it fail, delay, throttle or expire messages, so every path can be seen.
 */

export type NumberRule = {
  /** Answer submit_sm with this command_status (e.g. 0x0b ESME_RINVDSTADR, 0x08 ESME_RSYSERR). */
  failStatus?: number;
  /** Answer the first `throttle` submits with ESME_RTHROTTLED, then accept. */
  throttle?: number;
  /** Wait this long before answering submit_sm. */
  delayMs?: number;
  /** The receipt's status (DELIVRD by default) and its err: code. */
  receipt?: ReceiptStatus;
  errorCode?: string;
  /** Send the receipt before the submit_sm_resp (SMSCs do; the product must match it later). */
  receiptFirst?: boolean;
  /** Cut the connection at the first submit, neither keeping nor answering it (a crashed link). */
  dropFirst?: boolean;
};

export type CapturedPart = { messageId: string; index: number; total: number; text: string };

export type CapturedSms = {
  /** The first part's message id. */
  id: string;
  source: string;
  destination: string;
  text: string;
  encoding: 'gsm7' | 'ucs2' | `data_coding ${number}`;
  parts: CapturedPart[];
  receivedAt: Date;
  /** Receipts sent for its parts, by message id. */
  receipts: Record<string, ReceiptStatus>;
  complete: boolean;
};

export type TestSmscOptions = {
  port?: number;
  /** Listen with TLS (smpps://) with this key and certificate. */
  tls?: { key: string | Buffer; cert: string | Buffer };
  /** When given, only this system_id and password bind. */
  credentials?: { systemId: string; password: string };
  /** The oldest messages beyond this many are forgotten. */
  maxMessages?: number;
  /** A receipt the client answered with an error is offered again after this long (1 s). */
  receiptRetryMs?: number;
  now?: () => Date;
};

export type TestSmsc = {
  url: string;
  port: number;
  messages: () => CapturedSms[];
  /** Every submit_sm accepted, in order (retries the SMSC accepted twice would show here twice). */
  submits: () => { messageId: string; destination: string; text: string }[];
  setRule: (destination: string, rule: NumberRule) => void;
  clearRules: () => void;
  /** Close every client connection after the next `count` accepted submits (0: at once). */
  dropAfter: (count: number) => void;
  /** A mobile-originated message, as a phone's reply reaches the product. */
  sendInbound: (message: { source: string; destination: string; text: string }) => boolean;
  /** Any deliver_sm, for what the rules above do not make (acknowledgements, odd receipts). */
  deliverRaw: (fields: Record<string, unknown>) => boolean;
  boundSessions: () => number;
  /** enquire_link received; the most submits taken and not yet answered at once (delayed ones). */
  /** ...and receipts the client refused (each is offered again). */
  stats: () => { enquireLinks: number; maxInFlight: number; receiptsRefused: number };
  close: () => Promise<void>;
};

type PartIn = { source: string; destination: string; text: string; dataCoding: number; udh: Buffer[] };

function concatOf(udh: Buffer[]): { reference: number; total: number; index: number } | null {
  for (const element of udh) {
    if (element[0] === 0x00 && element[1] === 3)
      return { reference: element[2] ?? 0, total: element[3] ?? 1, index: element[4] ?? 1 };
    if (element[0] === 0x08 && element[1] === 4) {
      return { reference: element.readUInt16BE(2), total: element[4] ?? 1, index: element[5] ?? 1 };
    }
  }
  return null;
}

function digits(number: string): string {
  return number.replace(/^\+/, '');
}

export async function startTestSmsc(options: TestSmscOptions = {}): Promise<TestSmsc> {
  const now = options.now ?? (() => new Date());
  const maxMessages = options.maxMessages ?? 10_000;
  const rules = new Map<string, NumberRule & { throttled?: number; dropped?: boolean }>();
  const captured: CapturedSms[] = [];
  const open = new Map<string, CapturedSms>();
  const submits: { messageId: string; destination: string; text: string }[] = [];
  const bound = new Set<Session>();
  /** Receipts whose session closed before they could go: sent on the next bind. */
  const undelivered: { options: Record<string, unknown> }[] = [];
  let nextId = 1;
  let dropCountdown: number | null = null;
  const stats = { enquireLinks: 0, maxInFlight: 0, receiptsRefused: 0 };
  let inFlight = 0;

  function capture(part: PartIn, messageId: string): CapturedSms {
    const concat = concatOf(part.udh);
    const key = concat ? `${part.source}|${part.destination}|${concat.reference}|${concat.total}` : null;
    let message = key ? open.get(key) : undefined;
    if (!message) {
      message = {
        id: messageId,
        source: part.source,
        destination: part.destination,
        text: '',
        encoding:
          part.dataCoding === 8 ? 'ucs2' : part.dataCoding === 0 ? 'gsm7' : `data_coding ${part.dataCoding}`,
        parts: [],
        receivedAt: now(),
        receipts: {},
        complete: false,
      };
      captured.push(message);
      if (captured.length > maxMessages) captured.splice(0, captured.length - maxMessages);
      if (key) open.set(key, message);
    }
    message.parts.push({ messageId, index: concat?.index ?? 1, total: concat?.total ?? 1, text: part.text });
    message.parts.sort((a, b) => a.index - b.index);
    message.text = message.parts.map((p) => p.text).join('');
    message.complete = message.parts.length === (concat?.total ?? 1);
    if (key && message.complete) open.delete(key);
    return message;
  }

  /** As an SMSC does: a receipt not taken is kept and offered again, never dropped. */
  function deliver(session: Session, fields: Record<string, unknown>) {
    const target = bound.has(session) ? session : [...bound][0];
    const sent = target?.send(new smpp.PDU('deliver_sm', fields), (answer) => {
      if (answer.command_status === SMPP_STATUS.ESME_ROK) return;
      stats.receiptsRefused += 1;
      setTimeout(() => deliver(session, fields), options.receiptRetryMs ?? 1000).unref();
    });
    if (!sent) undelivered.push({ options: fields });
  }

  function receipt(session: Session, message: CapturedSms, messageId: string, rule: NumberRule | undefined) {
    const status = rule?.receipt ?? 'delivered';
    message.receipts[messageId] = status;
    const text = formatReceiptText({
      messageId,
      status,
      errorCode: rule?.errorCode ?? (status === 'delivered' ? '000' : '001'),
      submittedAt: message.receivedAt,
      doneAt: now(),
      // Only letters, digits and spaces: SMSCs write the receipt in the default alphabet.
      text: message.text.replace(/[^A-Za-z0-9 ]/g, ''),
    });
    deliver(session, {
      source_addr: digits(message.destination),
      destination_addr: message.source,
      esm_class: 0x04,
      data_coding: 0,
      short_message: Buffer.from(text, 'latin1'),
      receipted_message_id: messageId,
      message_state: RECEIPT_MESSAGE_STATE[status],
    });
  }

  function submitted(session: Session, pdu: Pdu) {
    const destination = `+${String(pdu.destination_addr ?? '').replace(/^\+/, '')}`;
    const rule = rules.get(destination);
    const answer = (fields: Record<string, unknown>) => session.send(pdu.response(fields));
    if (rule?.dropFirst && !rule.dropped) {
      rule.dropped = true;
      return session.destroy();
    }
    if (rule?.failStatus !== undefined) return answer({ command_status: rule.failStatus });
    if (rule?.throttle !== undefined && (rule.throttled ?? 0) < rule.throttle) {
      rule.throttled = (rule.throttled ?? 0) + 1;
      return answer({ command_status: SMPP_STATUS.ESME_RTHROTTLED });
    }
    const accept = () => {
      if (!bound.has(session)) return;
      const sm = pdu.short_message as { message?: string; udh?: Buffer[] } | undefined;
      const messageId = (nextId++).toString(16).padStart(8, '0');
      const part: PartIn = {
        source: String(pdu.source_addr ?? ''),
        destination,
        text: typeof sm?.message === 'string' ? sm.message : '',
        dataCoding: Number(pdu.data_coding ?? 0),
        udh: sm?.udh ?? [],
      };
      const message = capture(part, messageId);
      submits.push({ messageId, destination, text: part.text });
      const wantsReceipt = (Number(pdu.registered_delivery ?? 0) & 0x03) !== 0;
      if (wantsReceipt && rule?.receiptFirst) receipt(session, message, messageId, rule);
      answer({ message_id: messageId });
      if (wantsReceipt && !rule?.receiptFirst) setImmediate(() => receipt(session, message, messageId, rule));
      if (dropCountdown !== null && --dropCountdown <= 0) {
        dropCountdown = null;
        setImmediate(() => dropAll());
      }
    };
    if (!rule?.delayMs) return accept();
    inFlight += 1;
    stats.maxInFlight = Math.max(stats.maxInFlight, inFlight);
    setTimeout(() => {
      inFlight -= 1;
      accept();
    }, rule.delayMs);
  }

  /** Ends every connection after what was written to it (the answers already sent arrive). */
  function dropAll() {
    for (const session of server.sessions) {
      // Nothing more is taken on it: a submit arriving while it closes is neither kept nor answered.
      bound.delete(session);
      session.close();
    }
  }

  const server: SmppServer = smpp.createServer({ ...options.tls }, (session) => {
    session.on('error', () => undefined);
    session.on('close', () => bound.delete(session));
    const onBind = (pdu: Pdu) => {
      const ok =
        !options.credentials ||
        (pdu.system_id === options.credentials.systemId && pdu.password === options.credentials.password);
      if (!ok) {
        session.send(pdu.response({ command_status: SMPP_STATUS.ESME_RINVPASWD }));
        return;
      }
      session.send(pdu.response({ system_id: 'el-namer-smsc' }));
      bound.add(session);
      for (const pending of undelivered.splice(0)) deliver(session, pending.options);
    };
    session.on('bind_transceiver', onBind);
    session.on('bind_transmitter', onBind);
    session.on('bind_receiver', onBind);
    session.on('submit_sm', (pdu: Pdu) => {
      if (!bound.has(session))
        return session.send(pdu.response({ command_status: SMPP_STATUS.ESME_RINVBNDSTS }));
      submitted(session, pdu);
    });
    session.on('enquire_link', (pdu: Pdu) => {
      stats.enquireLinks += 1;
      session.send(pdu.response());
    });
    session.on('unbind', (pdu: Pdu) => {
      bound.delete(session);
      session.send(pdu.response());
      session.close();
    });
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `${options.tls ? 'smpps' : 'smpp'}://el-namer:test@127.0.0.1:${port}`,
    port,
    messages: () => captured.slice(),
    submits: () => submits.slice(),
    setRule: (destination, rule) => rules.set(destination, { ...rule }),
    clearRules: () => rules.clear(),
    dropAfter: (count) => {
      if (count <= 0) dropAll();
      else dropCountdown = count;
    },
    sendInbound: ({ source, destination, text }) => {
      const session = [...bound][0];
      if (!session) return false;
      const { analysis, parts } = encodeSms(text, { reference: nextId % 256 });
      return parts.every((part) =>
        session.send(
          new smpp.PDU('deliver_sm', {
            source_addr: digits(source),
            destination_addr: digits(destination),
            esm_class: part.udh.length > 0 ? 0x40 : 0,
            data_coding: analysis.dataCoding,
            short_message: Buffer.from(part.userData),
          }),
        ),
      );
    },
    deliverRaw: (fields) => {
      const session = [...bound][0];
      return session ? session.send(new smpp.PDU('deliver_sm', fields)) : false;
    },
    boundSessions: () => bound.size,
    stats: () => ({ ...stats }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const session of server.sessions) session.destroy();
        server.close(() => resolve());
      }),
  };
}
