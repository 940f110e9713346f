import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addressInputSchema, savedAddressSchema } from '@souq/shared/api/addresses';
import { errorBodySchema, idParamSchema, successSchema } from '@souq/shared/api/common';
import { principalOf, requireUser } from '../../platform/auth.js';
import type { AddressesService } from './addresses.service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/** The signed-in shopper's address book (decision 0151): /profile's Addresses and checkout's saved addresses. */
export function addressesRoutes(deps: { addresses: AddressesService }) {
  const { addresses } = deps;
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/api/my/addresses', {
      preHandler: requireUser,
      schema: { tags: ['profile'], summary: "The signed-in shopper's saved UAE addresses, the default first", response: { 200: z.array(savedAddressSchema), ...errors } },
    }, async (req) => addresses.list(principalOf(req).userId));
    r.post('/api/my/addresses', {
      preHandler: requireUser,
      schema: {
        tags: ['profile'],
        summary: 'Save a UAE address (emirate, area, street or building, flat, landmark, optional Makani number and map pin, +971 phone); the first one is the default',
        body: addressInputSchema,
        response: { 201: savedAddressSchema, ...errors, 422: errorBodySchema },
      },
    }, async (req, reply) => reply.status(201).send(await addresses.create(principalOf(req).userId, req.body)));
    r.put('/api/my/addresses/:id', {
      preHandler: requireUser,
      schema: {
        tags: ['profile'], summary: 'Edit a saved address, or make it the default (orders keep the address they were placed with)',
        params: idParamSchema, body: addressInputSchema,
        response: { 200: savedAddressSchema, ...errors, 404: errorBodySchema },
      },
    }, async (req) => addresses.update(principalOf(req).userId, req.params.id, req.body));
    r.delete('/api/my/addresses/:id', {
      preHandler: requireUser,
      schema: {
        tags: ['profile'], summary: 'Delete a saved address (the newest other one becomes the default)',
        params: idParamSchema, response: { 200: successSchema, ...errors, 404: errorBodySchema },
      },
    }, async (req) => {
      await addresses.remove(principalOf(req).userId, req.params.id);
      return { success: true as const };
    });
  };
}
