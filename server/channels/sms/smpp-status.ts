/**
 * What an SMPP 3.4 `command_status` means for the message (SMPP 3.4 section 5.1.3): sent, slow
 * down (the SMSC is busy: the message waits and goes again, it is neither lost nor failed), try
 * later (the SMSC or the network failed this time), or never (the message or the account is
 * wrong and sending it again would fail the same way).
 */
export type SmppOutcome = 'ok' | 'slow_down' | 'rebind' | 'temporary' | 'permanent';

export const SMPP_STATUS = {
  ESME_ROK: 0x00,
  ESME_RINVMSGLEN: 0x01,
  ESME_RINVBNDSTS: 0x04,
  ESME_RSYSERR: 0x08,
  ESME_RINVSRCADR: 0x0a,
  ESME_RINVDSTADR: 0x0b,
  ESME_RBINDFAIL: 0x0d,
  ESME_RINVPASWD: 0x0e,
  ESME_RINVSYSID: 0x0f,
  ESME_RMSGQFUL: 0x14,
  ESME_RSUBMITFAIL: 0x45,
  ESME_RTHROTTLED: 0x58,
  ESME_RX_T_APPN: 0x64,
  ESME_RX_P_APPN: 0x65,
  ESME_RX_R_APPN: 0x66,
  ESME_RDELIVERYFAILURE: 0xfe,
  ESME_RUNKNOWNERR: 0xff,
} as const;

// Temporary by their documented meaning: system error, submit failed, temporary application
// error, delivery failure and unknown error may all pass on another try.
const TEMPORARY = new Set<number>([0x08, 0x45, 0x64, 0xfe, 0xff]);
// Permanent: the message, its addresses or its parameters are wrong (invalid length, command,
// flags, addresses, TON/NPI, service type, ESM class, schedule, expiry, optional parameters) or
// the SMSC rejected it for good (permanent application error, rejected).
const PERMANENT = new Set<number>([
  0x01, 0x02, 0x03, 0x06, 0x07, 0x0a, 0x0b, 0x0c, 0x15, 0x33, 0x34, 0x40, 0x42, 0x43, 0x44, 0x48, 0x49, 0x50,
  0x51, 0x53, 0x54, 0x55, 0x61, 0x62, 0x63, 0x65, 0x66, 0xc0, 0xc1, 0xc2, 0xc3, 0xc4,
]);

export function smppOutcome(status: number): SmppOutcome {
  if (status === SMPP_STATUS.ESME_ROK) return 'ok';
  if (status === SMPP_STATUS.ESME_RTHROTTLED || status === SMPP_STATUS.ESME_RMSGQFUL) return 'slow_down';
  // "Incorrect bind status": the session is not bound as the SMSC sees it; bind again and resend.
  if (status === SMPP_STATUS.ESME_RINVBNDSTS) return 'rebind';
  if (PERMANENT.has(status)) return 'permanent';
  if (TEMPORARY.has(status)) return 'temporary';
  // Reserved and vendor-specific codes (0x400-0x4FF): nothing documents them, so another try is
  // the choice that loses no message; the engine's attempt limit ends it.
  return 'temporary';
}

/** The name SMPP 3.4 gives a status (`ESME_RTHROTTLED`), or its hexadecimal value. */
export function smppStatusName(status: number): string {
  for (const [name, value] of Object.entries(SMPP_STATUS)) if (value === status) return name;
  return `0x${status.toString(16).padStart(8, '0')}`;
}
