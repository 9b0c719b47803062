import { z } from 'zod';
import { validationKeys } from './errors.contract.ts';

/**
 * Ids are UUIDs made by the server, but a path segment is whatever a caller typed: anything that
 * cannot be one of ours is refused at the contract (400) instead of reaching a query.
 */
export const MAX_ID_LENGTH = 64;
export const idSchema = z.string().min(1, validationKeys.required).max(MAX_ID_LENGTH, validationKeys.invalid);
export const idParamsSchema = z.object({ id: idSchema });
