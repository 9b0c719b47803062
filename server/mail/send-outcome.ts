// Its own file so that the transport and the SMTP client it drives both name it without
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
