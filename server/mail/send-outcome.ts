// Its own file so that the transport and the SMTP client it drives both name these without
// importing each other.

/**
 * Every outcome of handing a message to the relay is one of three answers the dispatcher acts on,
 * so it never reads SMTP errors itself.
 */
export type SendOutcome =
  | { kind: 'sent'; response: string; messageId: string }
  /** 4xx, a dropped or refused connection, a time-out: try again later. */
  | { kind: 'temporary'; response: string }
  /** 5xx: the relay will never take it. `userUnknown` for 550/551/553 (a hard bounce). */
  | { kind: 'permanent'; response: string; userUnknown: boolean };

/**
 * Asked right before a message's SMTP transaction begins (its envelope is written to a
 * connection): false means it must not start now (its lease is too short or lost, its campaign no
 * longer sends), and the message comes back as `not_started`, never handed to the relay.
 */
export type MayStart = () => boolean;

/** A message `MayStart` held back: it never reached the relay. */
export type NotStarted = { kind: 'not_started'; response: string };

export const NOT_STARTED: NotStarted = { kind: 'not_started', response: 'not started' };
