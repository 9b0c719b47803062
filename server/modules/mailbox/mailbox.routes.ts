import { readFile } from 'node:fs/promises';
import type { FastifyPluginAsync } from 'fastify';
import { offsetOf } from '../../../contract/list.contract.ts';
import { mailboxEndpoints } from '../../../contract/mailbox.contract.ts';
import { route } from '../../lib/endpoint.ts';
import { sendDownload } from '../../lib/download.ts';
import { notFound } from '../../lib/http-error.ts';
import {
  clearCapturedMail,
  findCapturedMail,
  listCapturedMail,
  storedFile,
} from '../../mail/capture/captured-mail.repository.ts';
import { parseStored, servedType, toCapturedMail, toDetail } from './mail-view.ts';

/** The capture server's mailbox: administrators read what the app sent without a real relay. */
const mailboxRoutes: FastifyPluginAsync = async (app) => {
  const { db, appConfig: config } = app;

  const load = async (id: string) => {
    const row = await findCapturedMail(db, id);
    if (!row) throw notFound('Message');
    // A message pruned between the lookup and the read is gone, not broken.
    const file = storedFile(config.dataDir, row.storage_path);
    return { row, file };
  };
  const parse = async (file: string) => {
    try {
      return await parseStored(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw notFound('Message');
      throw error;
    }
  };

  route(app, mailboxEndpoints.list, async ({ query }) => {
    const { count, rows } = await listCapturedMail(db, query.search, {
      offset: offsetOf(query),
      limit: query.page_size,
      ascending: query.ordering === 'received_at',
    });
    return { count, results: rows.map(toCapturedMail) };
  });

  route(app, mailboxEndpoints.status, () => ({
    capturing: !config.smtpUrl,
    max_messages: config.capture.maxMessages,
  }));

  route(app, mailboxEndpoints.get, async ({ params }) => {
    const { row, file } = await load(params.id);
    return toDetail(row, await parse(file));
  });

  route(app, mailboxEndpoints.raw, async ({ params }, reply) => {
    const { row, file } = await load(params.id);
    const raw = await readFile(file).catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'ENOENT' ? notFound('Message') : error;
    });
    return sendDownload(reply, { body: raw, type: 'message/rfc822', fileName: `${row.id}.eml` });
  });

  route(app, mailboxEndpoints.attachment, async ({ params }, reply) => {
    const { file } = await load(params.id);
    const attachment = (await parse(file)).attachments[Number(params.index)];
    if (!attachment) throw notFound('Attachment');
    const name = attachment.filename ?? `attachment-${params.index}`;
    return sendDownload(reply, {
      body: attachment.content,
      type: servedType(attachment.contentType),
      fileName: name,
    });
  });

  route(app, mailboxEndpoints.clear, async () => {
    await clearCapturedMail(db, config.dataDir);
  });
};

export default mailboxRoutes;
