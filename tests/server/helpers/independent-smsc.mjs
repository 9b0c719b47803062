// A second SMSC, apart from the product's built-in one, run as its own process (issue 33): only
// the `smpp` package's server and its own decoding, so a test can show that what the product
// sends is read the same way by code that shares nothing with it. Plain JavaScript on purpose.
//
// argv[2] is JSON: { receipts: { "<digits>": "UNDELIV" | "EXPIRED" | ... }, throttle: { "<digits>":
// n }, dropAfter: n }. It prints one JSON object a line: { event: "listening", port }, then
// { event: "submit", id, destination, text } per accepted part and { event: "message", ... } per
// joined message. Receipts go back in the text form only (no optional parameters).
import smpp from 'smpp';

const config = JSON.parse(process.argv[2] ?? '{}');
const receipts = config.receipts ?? {};
const throttle = { ...config.throttle };
let dropAfter = config.dropAfter ?? 0;
let nextId = 1000;
const partial = new Map();

const print = (object) => process.stdout.write(`${JSON.stringify(object)}\n`);

function concatenation(udh) {
  for (const element of udh ?? []) {
    if (element[0] === 0x00 && element[1] === 3)
      return { ref: element[2], total: element[3], index: element[4] };
  }
  return { ref: 0, total: 1, index: 1 };
}

function stamp(date) {
  const two = (n) => String(n).padStart(2, '0');
  return `${two(date.getUTCFullYear() % 100)}${two(date.getUTCMonth() + 1)}${two(date.getUTCDate())}${two(date.getUTCHours())}${two(date.getUTCMinutes())}`;
}

const server = smpp.createServer((session) => {
  let bound = false;
  session.on('error', () => {});
  session.on('bind_transceiver', (pdu) => {
    bound = true;
    session.send(pdu.response());
  });
  session.on('enquire_link', (pdu) => session.send(pdu.response()));
  session.on('unbind', (pdu) => {
    session.send(pdu.response());
    session.close();
  });
  session.on('submit_sm', (pdu) => {
    if (!bound) return session.send(pdu.response({ command_status: smpp.ESME_RINVBNDSTS }));
    const destination = pdu.destination_addr;
    if (throttle[destination] > 0) {
      throttle[destination] -= 1;
      return session.send(pdu.response({ command_status: smpp.ESME_RTHROTTLED }));
    }
    const id = String(nextId++);
    const text = pdu.short_message.message;
    const { ref, total, index } = concatenation(pdu.short_message.udh);
    print({ event: 'submit', id, destination, text, dataCoding: pdu.data_coding });
    session.send(pdu.response({ message_id: id }));

    const key = `${pdu.source_addr}|${destination}|${ref}|${total}`;
    const parts = partial.get(key) ?? [];
    parts[index - 1] = { id, text };
    partial.set(key, parts);
    if (parts.filter(Boolean).length === total) {
      partial.delete(key);
      print({
        event: 'message',
        source: pdu.source_addr,
        destination,
        dataCoding: pdu.data_coding,
        parts: total,
        ids: parts.map((part) => part.id),
        text: parts.map((part) => part.text).join(''),
      });
    }

    if (pdu.registered_delivery & 1) {
      const stat = receipts[destination] ?? 'DELIVRD';
      const now = stamp(new Date());
      const receiptText = `id:${id} sub:001 dlvrd:${stat === 'DELIVRD' ? '001' : '000'} submit date:${now} done date:${now} stat:${stat} err:${stat === 'DELIVRD' ? '000' : '069'} text:`;
      setImmediate(() =>
        session.deliver_sm({
          source_addr: destination,
          destination_addr: pdu.source_addr,
          esm_class: smpp.ESM_CLASS.MC_DELIVERY_RECEIPT,
          short_message: receiptText,
        }),
      );
    }
    if (dropAfter > 0 && --dropAfter === 0) {
      bound = false;
      session.close();
    }
  });
});

server.listen(0, '127.0.0.1', () => print({ event: 'listening', port: server.address().port }));
process.on('SIGTERM', () => process.exit(0));
