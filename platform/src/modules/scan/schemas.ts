import { z } from 'zod';

/** Address text is checked by the service, which answers 'Invalid IP address range:' with the range. */
export const scanBody = z.object({
  startIp: z.string().trim().max(64),
  endIp: z.string().trim().max(64),
  siteId: z.number().int().positive().optional(),
});

export const scanIdBody = z.object({ scanId: z.number().int().positive() });

export const scanIdQuery = z.object({ scanId: z.coerce.number().int().positive() });
