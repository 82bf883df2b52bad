import { NotFoundError, PermissionDeniedError, ValidationError } from '@testament/contracts';

/** A refusal of one item of a bulk change (its job ends, or a report import skips it); anything else is a fault of the server. */
export const refusal = (error: unknown) =>
  error instanceof ValidationError || error instanceof NotFoundError || error instanceof PermissionDeniedError;

/** The refusal as the user reads it: a validation's messages without their fields' names. */
export const reasonOf = (error: Error) => (error instanceof ValidationError ? Object.values(error.fields).flat().join(' ') : error.message);
