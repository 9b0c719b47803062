import type { FastifyRequest } from 'fastify';
import { deviceName } from './device.ts';
import type { Client } from './security.service.ts';

/** Where a request came from: the address (per TRUST_PROXY) and a readable device name. */
export const clientOf = (request: FastifyRequest): Client => ({
  ip: request.ip,
  device: deviceName(request.headers['user-agent']),
});
