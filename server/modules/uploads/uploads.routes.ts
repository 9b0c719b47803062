import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { validationKeys } from '../../../contract/errors.contract.ts';
import { uploadEndpoints } from '../../../contract/uploads.contract.ts';
import { route } from '../../lib/endpoint.ts';
import { conflict, notFound, validationFailed } from '../../lib/http-error.ts';
import { removeUnusedUploads } from './uploads.cleanup.ts';
import { removeStoredUpload } from './upload-storage.ts';
import { deleteUploadRows, findUpload, isOrderReceipt, toUpload } from './uploads.repository.ts';
import { uploadBudget } from './upload-space.ts';
import { storeUpload, uploadStreamLimit } from './uploads.service.ts';

const CLEANUP_EVERY_MS = 60 * 60 * 1000;

/** Files for a send: zips of per-recipient attachments, one general attachment, one image. */
const uploadRoutes: FastifyPluginAsync = async (app) => {
  const { db, appConfig: config } = app;
  const limits = config.uploads;
  const freeDisk = app.freeDiskBytes;
  const largest = Math.max(...Object.values(limits.maxBytes));
  // Registered here only: multipart bodies are accepted by this module and nowhere else.
  await app.register(multipart, {
    limits: { files: 1, fields: 0, parts: 1, fileSize: largest, headerPairs: 100 },
  });

  route(app, uploadEndpoints.create, async (request) => {
    const { kind } = request.query;
    const ownerId = request.user!.id;
    // Refused before a byte is read when the quota or the disk is already spent.
    const budget = await uploadBudget({ db, dataDir: config.dataDir, limits, freeDisk }, ownerId);
    const part = await request.file({ limits: { fileSize: uploadStreamLimit(limits, kind, budget) } });
    if (!part) throw validationFailed({ file: validationKeys.fileRequired });
    const row = await storeUpload(
      { db, dataDir: config.dataDir, limits },
      {
        ownerId,
        budget,
        kind,
        file: { fileName: part.filename, mimeType: part.mimetype, stream: part.file },
      },
    );
    return toUpload(row);
  });

  route(app, uploadEndpoints.get, async (request) => {
    const row = await findUpload(db, request.user!.id, request.params.id);
    if (!row) throw notFound('Upload');
    return toUpload(row);
  });

  route(app, uploadEndpoints.remove, async (request) => {
    const row = await findUpload(db, request.user!.id, request.params.id);
    if (!row) throw notFound('Upload');
    if (row.campaign_id) throw conflict({ file: validationKeys.inUse }, 'A campaign uses this upload');
    if (await isOrderReceipt(db, row.id))
      throw conflict({ file: validationKeys.inUse }, 'A recharge order keeps this upload as its receipt');
    await deleteUploadRows(db, [row.id]);
    await removeStoredUpload(config.dataDir, row.storage_path);
  });

  // Abandoned uploads go after a day; every process may run this, the deletes are idempotent.
  let timer: NodeJS.Timeout | undefined;
  const sweep = () =>
    removeUnusedUploads(db, config.dataDir, limits.unusedTtlMs).catch((error: unknown) =>
      app.log.warn({ err: error }, 'removing unused uploads failed'),
    );
  app.addHook('onReady', async () => {
    void sweep();
    timer = setInterval(sweep, CLEANUP_EVERY_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
};

export default uploadRoutes;
