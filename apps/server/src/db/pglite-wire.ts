import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite served over the PostgreSQL wire protocol on a unix socket, so the app reaches the embedded
 * database with `pg` exactly as it reaches PostgreSQL. Runs in the database worker thread.
 *
 * PGlite is one backend session, while the pool opens several connections. A connection holds the
 * backend from its first exchange until a ReadyForQuery that says "idle" (not between any two messages,
 * nor only inside BEGIN … COMMIT): an extended-protocol exchange (Parse … Sync) keeps its unnamed
 * statement and portal, a transaction keeps its snapshot and locks, and no other connection's message
 * runs in between. Other connections wait their turn, first come first served. COPY FROM STDIN is
 * recognised in a simple Query (as pg-copy-streams sends it) and reaches PGlite with all its data. (@electric-sql/pglite-socket
 * 0.2.17 passes the backend on between any two messages outside BEGIN … COMMIT, so concurrent
 * parameterised queries bind each other's statements; and it gives COPY FROM STDIN to PGlite in pieces,
 * which stops the backend.)
 *
 * Session state is shared by every connection: the app only sets transaction-local state
 * (SET LOCAL, set_config(…, true)). Prepared statements are per connection, as on PostgreSQL: their
 * names get the connection's prefix on the way in (pg prepares a named statement once per connection).
 */
export interface PgliteWireServer {
  /** Stops accepting, ends every connection (rolling back a transaction left open) and waits for it. */
  close(): Promise<void>;
}

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;

/** A CopyInResponse with no column formats: pg and pg-copy-streams only wait for it to start sending. */
const COPY_IN_RESPONSE = Buffer.from([0x47, 0, 0, 0, 7, 0, 0, 0]);
const SYNC = Buffer.from([0x53, 0, 0, 0, 4]);

/** Frontend messages the backend answers at once: what came before them is passed with them in one call. */
const ANSWERED = new Set([0x53 /* Sync */, 0x51 /* Query */, 0x48 /* Flush */]);

/** Work for the backend: messages passed in one call (an extended exchange up to Sync, a whole COPY…). */
interface Unit {
  messages: Buffer[];
  /** A COPY FROM STDIN with its data: its CopyInResponse was already sent, PGlite's own is dropped. */
  copy?: boolean;
  startup?: boolean;
}

interface Connection {
  socket: net.Socket;
  /** Prefix of this connection's prepared statement and portal names in the shared backend. */
  prefix: string;
  /** Its prepared statements' names in the backend, closed when it ends. */
  statements: Set<string>;
  buffer: Buffer;
  started: boolean;
  units: Unit[];
  /** Messages of the exchange being received, not yet a unit (they go with the next Sync or Query). */
  partial: Buffer[];
  /** The COPY FROM STDIN being received: PGlite takes a COPY's query and all its data in one call. */
  copying?: Buffer[];
  closed: boolean;
}

export function isCopyFromStdin(query: string): boolean {
  const text = query.replace(/^(\s+|--[^\n]*\n?|\/\*[\s\S]*?\*\/)*/, '');
  return /^copy\b/i.test(text) && /\bfrom\s+stdin\b/i.test(text);
}

export async function servePglite(
  db: PGlite,
  socketPath: string,
  onFatal: (error: Error) => void,
): Promise<PgliteWireServer> {
  const connections = new Set<Connection>();
  /** The connection holding the backend (mid-exchange or in a transaction), if any. */
  let owner: Connection | undefined;
  /** Connections with work, in the order they asked; the owner is served before them. */
  const waiting: Connection[] = [];
  let startupResponse: Buffer | undefined;
  let connectionCount = 0;
  /** Prepared statements of ended connections, closed when the backend is next free. */
  const abandoned: string[] = [];

  const run = async (unit: Unit, connection: Connection): Promise<boolean> => {
    const input = unit.messages.length === 1 ? unit.messages[0]! : Buffer.concat(unit.messages);
    const output = Buffer.from(await db.execProtocolRaw(input));
    let answer = output;
    // Our CopyInResponse went out when the COPY arrived; PGlite's comes first in its answer when the COPY started.
    if (unit.copy && output[0] === COPY_IN_RESPONSE[0]) answer = output.subarray(1 + output.readInt32BE(1));
    if (unit.startup) startupResponse = Buffer.from(output);
    if (!connection.closed && answer.length > 0) connection.socket.write(answer);
    return endsIdle(output);
  };

  /** Ends a connection's exchange and transaction if it dropped while holding the backend. */
  const release = async () => {
    await db.execProtocolRaw(SYNC);
    if (db.isInTransaction()) await db.exec('ROLLBACK');
  };

  const closeAbandoned = async () => {
    const names = abandoned.splice(0);
    await db.execProtocolRaw(Buffer.concat([...names.map((name) => closeStatement(name)), SYNC]));
  };

  /** Serves the owner, or else the connections in the order they asked, until nobody has work. */
  const drain = async () => {
    for (;;) {
      let connection: Connection | undefined;
      if (owner) {
        if (owner.closed) {
          await release();
          owner = undefined;
          continue;
        }
        if (owner.units.length === 0) return;
        connection = owner;
      } else {
        if (abandoned.length > 0) await closeAbandoned();
        connection = waiting.shift();
        if (!connection) return;
        if (connection.closed || connection.units.length === 0) continue;
      }
      const idle = await run(connection.units.shift()!, connection);
      owner = idle ? undefined : connection;
      if (idle && connection.units.length > 0 && !connection.closed) waiting.push(connection);
    }
  };

  let pumping: Promise<void> | undefined;
  let again = false;
  const pump = () => {
    again = true;
    pumping ??= (async () => {
      try {
        while (again) {
          again = false;
          await drain();
        }
      } catch (error) {
        // PGlite itself failed (not a statement: those are answered as ErrorResponse): nothing can go on.
        onFatal(error as Error);
      } finally {
        pumping = undefined;
      }
    })();
  };

  const enqueue = (connection: Connection, unit: Unit) => {
    connection.units.push(unit);
    if (owner !== connection && !waiting.includes(connection)) waiting.push(connection);
    pump();
  };

  const receive = (connection: Connection) => {
    for (;;) {
      const { buffer } = connection;
      if (!connection.started) {
        if (buffer.length < 8) return;
        const length = buffer.readInt32BE(0);
        if (buffer.length < length) return;
        const code = buffer.readInt32BE(4);
        const message = buffer.subarray(0, length);
        connection.buffer = buffer.subarray(length);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) connection.socket.write('N');
        else if (code === CANCEL_REQUEST) connection.socket.end();
        else if (code === PROTOCOL_3) {
          connection.started = true;
          // The backend's greeting is the same for every connection: PGlite answers the first one.
          if (startupResponse) connection.socket.write(startupResponse);
          else enqueue(connection, { messages: [message], startup: true });
        } else {
          connection.socket.destroy();
          return;
        }
        continue;
      }
      if (buffer.length < 5) return;
      const length = 1 + buffer.readInt32BE(1);
      if (buffer.length < length) return;
      const type = buffer[0]!;
      const message = withPrefix(buffer.subarray(0, length), connection);
      connection.buffer = buffer.subarray(length);

      if (connection.copying) {
        connection.copying.push(message);
        if (type === 0x63 /* CopyDone */ || type === 0x66 /* CopyFail */) {
          enqueue(connection, { messages: connection.copying, copy: true });
          connection.copying = undefined;
        }
      } else if (type === 0x58 /* Terminate */) {
        connection.socket.end();
        return;
      } else if (type === 0x51 /* Query */ && isCopyFromStdin(message.toString('utf8', 5, length - 1))) {
        connection.copying = [...connection.partial.splice(0), message];
        connection.socket.write(COPY_IN_RESPONSE);
      } else {
        connection.partial.push(message);
        if (ANSWERED.has(type)) enqueue(connection, { messages: connection.partial.splice(0) });
      }
    }
  };

  const server = net.createServer((socket) => {
    const connection: Connection = {
      socket,
      prefix: `${++connectionCount}:`,
      statements: new Set(),
      buffer: Buffer.alloc(0),
      started: false,
      units: [],
      partial: [],
      closed: false,
    };
    connections.add(connection);
    socket.setNoDelay(true);
    socket.on('data', (data) => {
      connection.buffer = connection.buffer.length === 0 ? data : Buffer.concat([connection.buffer, data]);
      receive(connection);
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      connection.closed = true;
      connection.units = [];
      connections.delete(connection);
      abandoned.push(...connection.statements);
      if (owner === connection || abandoned.length > 0) pump();
    });
  });

  fs.rmSync(socketPath, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });

  return {
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const ended = [...connections].map((connection) => once(connection.socket, 'close'));
      for (const connection of connections) connection.socket.destroy();
      await Promise.all([closed, ...ended]);
      // The connections' close events ran the pump once more: an open transaction is rolled back.
      while (pumping) await pumping;
      if (db.isInTransaction()) await db.exec('ROLLBACK');
    },
  };
}

const cstring = (text: string) => Buffer.from(`${text}\0`, 'utf8');

function message(type: number, parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(5);
  head[0] = type;
  head.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([head, body]);
}

const closeStatement = (name: string) => message(0x43, [Buffer.from('S'), cstring(name)]);

/**
 * The message with its prepared statement and portal names given the connection's prefix (the unnamed
 * ones stay unnamed: the backend is held for the whole exchange that uses them).
 */
function withPrefix(original: Buffer, connection: Connection): Buffer {
  const type = original[0];
  let at = 5;
  const name = () => {
    const end = original.indexOf(0, at);
    const text = original.toString('utf8', at, end);
    at = end + 1;
    return text;
  };
  const named = (text: string) => cstring(text && connection.prefix + text);
  switch (type) {
    case 0x50 /* Parse */: {
      const statement = name();
      if (!statement) return original;
      connection.statements.add(connection.prefix + statement);
      return message(type, [named(statement), original.subarray(at)]);
    }
    case 0x42 /* Bind */: {
      const portal = name();
      const statement = name();
      if (!portal && !statement) return original;
      return message(type, [named(portal), named(statement), original.subarray(at)]);
    }
    case 0x45 /* Execute */: {
      const portal = name();
      return portal ? message(type, [named(portal), original.subarray(at)]) : original;
    }
    case 0x44 /* Describe */:
    case 0x43 /* Close */: {
      at = 6;
      const target = name();
      if (!target) return original;
      if (type === 0x43 && original[5] === 0x53) connection.statements.delete(connection.prefix + target);
      return message(type, [original.subarray(5, 6), named(target), original.subarray(at)]);
    }
    default:
      return original;
  }
}

/** Whether the backend's answer ends with ReadyForQuery "idle" ('Z', length 5, 'I'). */
function endsIdle(output: Buffer): boolean {
  const at = output.length - 6;
  return at >= 0 && output[at] === 0x5a && output.readInt32BE(at + 1) === 5 && output[at + 5] === 0x49;
}
