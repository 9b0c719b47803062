import { createSocket } from 'node:dgram';
import dnsPacket from 'dns-packet';

/**
 * A DNS server on loopback that answers TXT questions from a map the test controls, the way a
 * domain's real name server would once the administrator published the records.
 */
export async function startDnsServer(records: Map<string, string[]>) {
  const socket = createSocket('udp4');
  socket.on('message', (message, from) => {
    const query = dnsPacket.decode(message);
    const question = query.questions?.[0];
    const values = question && question.type === 'TXT' ? records.get(question.name.toLowerCase()) : undefined;
    const response = dnsPacket.encode({
      id: query.id,
      type: 'response',
      flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | (values ? 0 : 3), // 3 = NXDOMAIN
      questions: query.questions,
      // Long values go out in 255-byte chunks, as real servers send a 2048-bit DKIM key.
      answers: (values ?? []).map((value) => ({
        type: 'TXT' as const,
        name: question!.name,
        ttl: 60,
        data: value.match(/.{1,255}/g) ?? [''],
      })),
    });
    socket.send(response, from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  return {
    address: `127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
