import fastifyMultipart from '@fastify/multipart';
import { IMPORT_FILE_MAX_BYTES, importRoutes as api } from '@movieclub/contract';
import type { FastifyInstance } from 'fastify';
import { clubLanguage } from '../admin/settings';
import { contractRoute } from '../http/contractRoute';
import { badRequest, HttpError } from '../http/errors';
import { rateLimit } from '../http/rateLimits';
import { reportCsv } from './report';
import * as service from './service';

const TOO_LARGE = `The file is larger than ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB. Upload the export as it came (a zip is smaller), or one of its CSV files.`;
/** Room for the multipart framing around a maximal file. */
const MULTIPART_OVERHEAD = 64 * 1024;
const isFileTooLarge = (error: unknown) => error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE';
/** The name as the member's computer had it, without any folders. */
const baseName = (name: string | undefined) => (name ?? '').split(/[\\/]/).pop()!.trim();

export async function routes(app: FastifyInstance): Promise<void> {
  // Registered here only, with this feature's own size limit.
  await app.register(fastifyMultipart, {
    limits: { fileSize: IMPORT_FILE_MAX_BYTES, files: 1, fields: 10, parts: 20, headerPairs: 100 },
  });

  contractRoute(app, api.upload, { config: { rateLimit: rateLimit(app.config, 'importUpload') } })(async (request) => {
    if (Number(request.headers['content-length']) > IMPORT_FILE_MAX_BYTES + MULTIPART_OVERHEAD) throw new HttpError(413, TOO_LARGE);
    if (!request.isMultipart()) throw badRequest('Send the file as a multipart/form-data upload.');
    const file = await request.file();
    if (!file) throw badRequest('Choose a file to import.');
    let bytes: Buffer;
    try {
      bytes = await file.toBuffer();
    } catch (error) {
      if (isFileTooLarge(error)) throw new HttpError(413, TOO_LARGE);
      throw error;
    }
    if (file.file.truncated) throw new HttpError(413, TOO_LARGE);
    if (bytes.length === 0) throw badRequest('The file is empty. Choose the export file again.');
    return { success: true, import: await service.startImport(app, request.user.id, baseName(file.filename), bytes) };
  });

  contractRoute(app, api.list)(async (request) => ({ success: true, imports: await service.listImports(app, request.user.id) }));

  contractRoute(app, api.get)(async (request) => ({ success: true, import: await service.getImport(app, request.user.id, request.params.id) }));

  contractRoute(app, api.rows)(async (request) => ({
    success: true,
    ...(await service.importRows(app, request.user.id, request.params.id, request.query)),
  }));

  contractRoute(app, api.chooseRow)(async (request) => ({
    success: true,
    ...(await service.chooseRow(app, request.user.id, request.params.id, request.params.row, request.body.tconst)),
  }));

  contractRoute(app, api.chooseList)(async (request) => ({
    success: true,
    import: await service.chooseList(app, request.user.id, request.params.id, request.params.index, request.body.action),
  }));

  contractRoute(app, api.confirm)(async (request) => ({ success: true, import: await service.confirmImport(app, request.user.id, request.params.id) }));

  contractRoute(app, api.remove)(async (request) => {
    await service.removeImport(app, request.user.id, request.params.id);
    return { success: true };
  });

  contractRoute(app, api.report)(async (request, reply) => {
    const { record, rows, listNames } = await service.reportRows(app, request.user.id, request.params.id);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="import-${record.id}-report.csv"`)
      .header('Cache-Control', 'no-store')
      .send(reportCsv(rows, listNames, request.query.lang ?? (await clubLanguage(app.db, app.config))));
  });
}
