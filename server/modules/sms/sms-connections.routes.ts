import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { smsConnectionEndpoints, type SmsConnection } from '../../../contract/sms-connections.contract.ts';
import { validationKeys } from '../../../contract/errors.contract.ts';
import { testBind } from '../../channels/sms/bind-test.ts';
import { parseSmppUrl, redactSmppUrl, SmppUrlError, type SmppSettings } from '../../channels/sms/smpp-url.ts';
import { route } from '../../lib/endpoint.ts';
import { conflict, notFound, validationFailed } from '../../lib/http-error.ts';
import {
  findSmsConnection,
  insertSmsConnection,
  listSmsConnections,
  recordBindTest,
  smsConnectionNameTaken,
  type SmsConnectionRow,
} from './sms-connections.repository.ts';

/** The stored URL has no password: the row's own column puts it back for a bind. */
function settingsOf(row: SmsConnectionRow): SmppSettings {
  return { ...parseSmppUrl(row.url), password: row.password };
}

function toConnection(row: SmsConnectionRow): SmsConnection {
  const settings = parseSmppUrl(row.url);
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    tls: settings.tls,
    host: settings.host,
    port: settings.port,
    system_id: settings.systemId,
    system_type: settings.systemType,
    tps: settings.tps,
    window: settings.window,
    enquire_link_seconds: settings.enquireLinkSeconds,
    bind: {
      state: row.last_test_state ?? 'untested',
      error: row.last_test_error,
      checked_at: row.last_tested_at,
    },
    created_at: row.created_at,
  };
}

/**
 * SMSC connections (issue 33), administrators only (the contract's access, enforced by the auth
 * hook). The bind state shown is the last test's: the send path that owns live binds comes next
 * (docs/sms.md).
 */
const smsConnectionRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;

  route(app, smsConnectionEndpoints.list, async () => ({
    results: (await listSmsConnections(db)).map(toConnection),
  }));

  route(app, smsConnectionEndpoints.create, async ({ body }) => {
    let settings: SmppSettings;
    try {
      settings = parseSmppUrl(body.url);
    } catch (error) {
      if (error instanceof SmppUrlError) throw validationFailed({ url: error.key });
      throw error;
    }
    if (await smsConnectionNameTaken(db, body.name)) throw conflict({ name: validationKeys.nameTaken });
    const now = app.now().toISOString();
    const row: SmsConnectionRow = {
      id: randomUUID(),
      name: body.name,
      url: redactSmppUrl(body.url),
      password: settings.password,
      last_test_state: null,
      last_test_error: null,
      last_tested_at: null,
      created_at: now,
      updated_at: now,
    };
    await insertSmsConnection(db, row);
    return toConnection(row);
  });

  route(app, smsConnectionEndpoints.test, async ({ params }) => {
    const row = await findSmsConnection(db, params.id);
    if (!row) throw notFound('SMSC connection');
    const result = await testBind(settingsOf(row));
    const checkedAt = app.now().toISOString();
    await recordBindTest(db, row.id, {
      state: result.bound ? 'bound' : 'failed',
      error: result.error,
      at: checkedAt,
    });
    return { bound: result.bound, error: result.error, checked_at: checkedAt };
  });
};

export default smsConnectionRoutes;
