import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/** The raw answer to bytes written on a fresh connection to the listening app. */
function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      // The server closes after answering; a reset while we still write is expected.
      error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error),
    );
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.write(request);
  });
}

function parse(raw: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => {
      const at = line.indexOf(':');
      return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()];
    }),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

/** Issue 21 item 11: what hostile URLs and headers get back. */
describe('hostile requests', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('answers a 300-character path parameter with 414 and the app body, never the URL', async () => {
    const long = 'x'.repeat(300);
    const response = await t.app.inject({ method: 'GET', url: `/api/recipients/list/${long}/` });
    // Over routerOptions.maxParamLength (200): refused before routing, through frameworkErrors.
    expect(response.statusCode).toBe(414);
    expect(response.json()).toMatchObject({ statusCode: 414, code: 'errors.validation' });
    expect(response.body).not.toContain('xxxxxxxx');
    expect(response.headers['content-security-policy']).toBeDefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers an unknown 300-character address with the app 404 that does not echo it', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/${'y'.repeat(300)}/` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ statusCode: 404, code: 'errors.notFound', message: 'No such address' });
    expect(response.body).not.toContain('yyyyyyyy');
    expect(response.headers['content-security-policy']).toBeDefined();
  });

  it('never echoes an unknown address either', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/<script>alert(1)</script>/' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('script');
  });

  it('answers a 100,000-character URL with 431, the app body and the security headers', async () => {
    const raw = await rawRequest(
      port,
      `GET /api/recipients/list/${'a'.repeat(100_000)}/ HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    );
    const { status, headers, body } = parse(raw);
    expect(status).toBe(431);
    expect(JSON.parse(body)).toEqual({
      statusCode: 431,
      code: 'errors.validation',
      message: 'The request headers or URL are too large',
    });
    expect(headers['content-type']).toBe('application/json; charset=utf-8');
    expect(headers['content-security-policy']).toContain("default-src 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers.connection).toBe('close');
    expect(body).not.toContain('aaaa');
  });

  it('answers bytes that are not HTTP with the app 400', async () => {
    const { status, headers, body } = parse(await rawRequest(port, 'HELLO\r\n\r\n'));
    expect(status).toBe(400);
    expect(JSON.parse(body)).toMatchObject({ statusCode: 400, code: 'errors.validation' });
    expect(headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps answering normal requests on new connections afterwards', async () => {
    const { status } = parse(
      await rawRequest(port, 'GET /api/health/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
    );
    expect(status).toBeLessThan(500);
  });
});
