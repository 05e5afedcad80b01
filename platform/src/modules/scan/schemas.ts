import { z } from 'zod';
import { bodyId, queryId } from '../../http/fields.js';

/**
 * IPv4 addresses, checked by the service, which answers 'Invalid IP address range:' with the range
 * as typed in `messageExt`; the document states the format.
 */
const address = z.string().trim().max(64).meta({ format: 'ipv4' });

export const scanBody = z.object({
  startIp: address,
  endIp: address,
  siteId: bodyId.optional(),
});

export const scanIdBody = z.object({ scanId: bodyId });

export const scanIdQuery = z.object({ scanId: queryId });
