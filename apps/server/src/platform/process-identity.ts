import { randomBytes } from 'node:crypto';
import os from 'node:os';

/**
 * A name for one worker of this process among all that share the database (API nodes, `npm run worker`s):
 * host and pid for the people reading it, a random part so that a restarted process, even one given the same
 * pid, never passes for its predecessor.
 */
export const newInstanceId = (): string => `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
