import type { FastifyRequest } from 'fastify';
import type { Property } from '../../domain/property';
import { getOperator } from './plugin';
import type { Db, Tx } from '../db/client';
import { withOperator } from '../db/with-operator';
import { requireProperty } from '../store/properties';

/** Runs `work` in a transaction as the signed-in operator, who is also the one it is about. */
export function withSignedInOperator<T>(
  db: Db,
  request: FastifyRequest,
  work: (tx: Tx, operatorId: string) => Promise<T>,
): Promise<T> {
  const operatorId = getOperator(request).id;
  return withOperator(db, operatorId, (tx) => work(tx, operatorId));
}

/**
 * Runs `work` as the signed-in operator on the property the path names. Row-level security hides another
 * operator's property, so it is not found, as one that does not exist.
 */
export function withRequestedProperty<T>(
  db: Db,
  request: FastifyRequest & { params: { propertyId: string } },
  work: (tx: Tx, property: Property) => Promise<T>,
): Promise<T> {
  return withSignedInOperator(db, request, async (tx) =>
    work(tx, await requireProperty(tx, request.params.propertyId)),
  );
}
