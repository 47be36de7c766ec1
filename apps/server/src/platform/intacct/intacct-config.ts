import type { Config } from '../../config/env.ts';
import { createIntacctClient, type IntacctClient } from './intacct-client.ts';

/**
 * The Sage Intacct client of the configuration. Always there: the sender and user credentials are each
 * connection's own (the Add Connection form), only the gateway is configured.
 */
export const intacctClientOf = (config: Config): IntacctClient =>
  createIntacctClient({ endpointUrl: config.INTACCT_ENDPOINT_URL });
