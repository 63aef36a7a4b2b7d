/**
 * The floor the fan-out bench compares CaseBridge with: the least a LISTEN → SSE design can do.
 * POST /write inserts a row and NOTIFYs in the same transaction and answers after the commit;
 * one LISTEN connection reads the notified rows and writes them to every open GET /events stream
 * without waiting for any of them. No sessions, no authorization, no replay.
 *   tsx floor-listen-sse.ts --database-url postgres://… --port 4000 [--host 127.0.0.1]
 */
import http from 'node:http';
import { parseArgs } from 'node:util';
import pg from 'pg';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    port: { type: 'string', default: '4000' },
    host: { type: 'string', default: '127.0.0.1' },
  },
});
const databaseUrl = values['database-url'];
if (!databaseUrl) throw new Error('--database-url is required');

const CHANNEL = 'bench_floor';
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const listener = new pg.Client({ connectionString: databaseUrl });
const clients = new Set<http.ServerResponse>();

await pool.query(
  'create table if not exists bench_floor_events (id bigserial primary key, patient_id text not null, created_at timestamptz not null default now())',
);
await listener.connect();

/**
 * Rows notified while a read is in flight are read together, in notification (commit) order,
 * and each client gets them in one write: the fewest round trips and system calls per event.
 */
let pendingIds: string[] = [];
let isReading = false;
async function readPending() {
  isReading = true;
  try {
    while (pendingIds.length > 0) {
      const ids = pendingIds;
      pendingIds = [];
      const { rows } = await listener.query<{ id: string; patient_id: string }>(
        `select e.id, e.patient_id from unnest($1::bigint[]) with ordinality as u(id, n)
         join bench_floor_events e on e.id = u.id order by u.n`,
        [ids],
      );
      const text = rows.map(formatEvent).join('');
      for (const client of clients) client.write(text);
    }
  } finally {
    isReading = false;
  }
}

function formatEvent(row: { id: string; patient_id: string }) {
  const data = JSON.stringify({
    id: Number(row.id),
    topic: 'patient.updated',
    patientId: row.patient_id,
  });
  return `id: ${row.id}\nevent: change\ndata: ${data}\n\n`;
}

listener.on('notification', (message) => {
  if (message.payload) pendingIds.push(message.payload);
  if (!isReading) readPending().catch((error: unknown) => console.error(error));
});
await listener.query(`LISTEN ${CHANNEL}`);

async function handleWrite(request: http.IncomingMessage, response: http.ServerResponse) {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  const { patientId } = JSON.parse(body) as { patientId: string };
  // One statement is one transaction: the row and its NOTIFY commit together, in one round trip.
  const { rows } = await pool.query<{ id: string }>(
    `with inserted as (insert into bench_floor_events (patient_id) values ($1) returning id)
     select id, pg_notify($2, id::text) from inserted`,
    [patientId, CHANNEL],
  );
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ id: Number(rows[0]!.id) }));
}

function openStream(request: http.IncomingMessage, response: http.ServerResponse) {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  response.write(': connected\n\n');
  clients.add(response);
  request.on('close', () => clients.delete(response));
}

const server = http.createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/events') return openStream(request, response);
  if (request.method === 'GET' && request.url === '/health') return void response.end('ok');
  if (request.method === 'POST' && request.url === '/write') {
    return void handleWrite(request, response).catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  }
  response.writeHead(404);
  response.end();
});
server.listen(Number(values.port), values.host);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const client of clients) client.end();
    server.close();
    void Promise.allSettled([pool.end(), listener.end()]).then(() => process.exit(0));
  });
}
