// The error shape and the common parameters are part of the endpoints' contracts (src/domain/contracts).
export { ErrorResponseSchema, errorResponses, PropertyIdParamsSchema } from '../domain/contracts/endpoint';
