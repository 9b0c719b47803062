// The part of the `smpp` package (0.5.1, plain JavaScript, no published types) this code uses.
declare module 'smpp' {
  import type { EventEmitter } from 'node:events';
  import type { Server as NetServer, Socket } from 'node:net';

  export type PduFields = Record<string, unknown>;

  export interface Pdu {
    command: string;
    command_id: number;
    command_status: number;
    sequence_number: number;
    [field: string]: unknown;
    response(options?: PduFields): Pdu;
    isResponse(): boolean;
  }

  export type ResponseCallback = (pdu: Pdu) => void;

  export class Session extends EventEmitter {
    socket: Socket;
    send(pdu: Pdu, responseCallback?: ResponseCallback, sendCallback?: ResponseCallback): boolean;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    pause(): void;
    resume(): void;
    bind_transceiver(options: PduFields, responseCallback?: ResponseCallback): boolean;
    submit_sm(options: PduFields, responseCallback?: ResponseCallback): boolean;
    deliver_sm(options: PduFields, responseCallback?: ResponseCallback): boolean;
    enquire_link(options?: PduFields, responseCallback?: ResponseCallback): boolean;
    unbind(options?: PduFields, responseCallback?: ResponseCallback): boolean;
  }

  export interface SmppServer extends NetServer {
    sessions: Session[];
  }

  export function connect(options: PduFields & { host: string; port: number; tls?: boolean }): Session;
  export function createServer(options: PduFields, listener?: (session: Session) => void): SmppServer;
  export function createServer(listener?: (session: Session) => void): SmppServer;
  export const PDU: { new (command: string, options?: PduFields): Pdu };

  const smpp: {
    connect: typeof connect;
    createServer: typeof createServer;
    PDU: typeof PDU;
  };
  export default smpp;
}
