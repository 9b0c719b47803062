import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { API_V1_PREFIX, v1Operations } from '../../contract/api-v1.contract.ts';
import { WEBHOOK_EVENTS } from '../../contract/webhooks.contract.ts';
import { buildOpenApiDocument } from '../../server/lib/openapi.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

type Operation = {
  operationId: string;
  description?: string;
  requestBody?: { content: Record<string, { examples?: object }> };
  responses: Record<
    string,
    { $ref?: string; content?: Record<string, { examples?: object }>; headers?: object }
  >;
  'x-codeSamples'?: { lang: string; source: string }[];
};

/** The served v1 document as developers read it (issue 36): complete, and clean under redocly lint. */
describe('HTTP v1 OpenAPI document', () => {
  let t: TestApp;
  let document: {
    paths: Record<string, Record<string, Operation>>;
    webhooks: Record<string, { post: Operation }>;
    components: { headers: Record<string, object>; responses: Record<string, { headers?: object }> };
  };
  beforeAll(async () => {
    t = await createTestApp();
    document = (await t.app.inject({ method: 'GET', url: `${API_V1_PREFIX}/openapi.json` })).json();
  });
  afterAll(() => t.close());

  const operations = () => Object.values(document.paths).flatMap((methods) => Object.entries(methods));

  it('describes each operation, with a request and a response example and every status it can answer', () => {
    const ids = new Set<string>();
    for (const [method, operation] of operations()) {
      expect(ids.has(operation.operationId)).toBe(false);
      ids.add(operation.operationId);
      expect(operation.description?.length, operation.operationId).toBeGreaterThan(20);
      expect(operation['x-codeSamples']?.[0]?.source).toMatch(/^curl -X /);
      if (operation.requestBody)
        expect(operation.requestBody.content['application/json']?.examples).toBeDefined();
      const statuses = Object.keys(operation.responses);
      for (const status of ['400', '401', '403', '404', '405', '414', '429', '500', '503'])
        expect(statuses, `${operation.operationId} ${status}`).toContain(status);
      if (method === 'post') expect(statuses).toEqual(expect.arrayContaining(['409', '422']));
      if (operation.requestBody) expect(statuses).toEqual(expect.arrayContaining(['413', '415']));
      const success = Object.entries(operation.responses).find(([status]) => status.startsWith('2'))!;
      expect(success[1].headers).toHaveProperty('RateLimit');
      if (method === 'post') expect(success[1].headers).toHaveProperty('Idempotent-Replayed');
      if (success[0] !== '204') expect(success[1].content?.['application/json']?.examples).toBeDefined();
    }
    expect(document.paths['/send/']!.post!.responses['402']).toBeDefined();
    expect(document.paths['/send/{id}/pause/']!.post!.responses['409']).toBeDefined();
    expect(Object.keys(document.components.headers)).toEqual(
      expect.arrayContaining(['RateLimit', 'RateLimit-Policy', 'Retry-After', 'Idempotent-Replayed']),
    );
    expect(document.components.responses.TooManyRequests!.headers).toHaveProperty('Retry-After');
  });

  it('types every webhook event in a webhooks section', () => {
    expect(Object.keys(document.webhooks).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    const opened = document.webhooks['message.opened']!.post;
    expect(JSON.stringify(opened.requestBody)).toContain('opened_at');
  });

  it('passes redocly lint with the recommended rules (redocly.yaml)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'openapi-lint-'));
    try {
      const file = path.join(dir, 'openapi.json');
      // Built as a deployment serves it: the test server's localhost address is one the
      // recommended rules rightly refuse (no-server-example.com).
      const deployed = buildOpenApiDocument(v1Operations, { publicUrl: 'https://mail.elnamer.app' });
      await writeFile(file, JSON.stringify(deployed));
      const cli = path.join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');
      const { stdout, stderr } = await run(
        process.execPath,
        [cli, 'lint', file, '--config', path.join(ROOT, 'redocly.yaml'), '--format', 'json'],
        {
          cwd: ROOT,
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        },
      ).catch((error: { stdout: string; stderr: string }) => ({
        stdout: error.stdout,
        stderr: error.stderr,
      }));
      const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; message: string }[];
      };
      expect(
        report.problems.map((p) => `${p.ruleId}: ${p.message}`),
        stderr,
      ).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
