import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@souq/shared/api/common';
import type { FilesService } from './files.service.js';

export function filesRoutes(deps: { files: FilesService }) {
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/api/files/:id', {
      schema: {
        tags: ['files'],
        summary: 'An uploaded file; private documents only for their owner and admins (bearer token)',
        params: z.object({ id: z.uuid({ error: 'File not found' }) }),
        // public files need no session; private documents need their owner's or an admin's bearer token
        security: [{}, { bearer: [] }],
        response: { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    }, async (req, reply) => {
      const file = await deps.files.read(req.params.id, req.principal);
      const safeName = file.name.replace(/[^\w.-]+/g, '_');
      return reply
        .header('content-type', file.mimeType)
        .header('content-disposition', `inline; filename="${safeName}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', file.visibility === 'private' ? 'private, no-store' : 'public, max-age=3600')
        .send(file.data as never); // raw bytes: the response schemas above describe only the errors
    });
  };
}
