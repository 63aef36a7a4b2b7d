/**
 * A child process of the fan-out bench that holds SSE streams: it opens them, timestamps every
 * `patient.updated` message on arrival, tells the bench when a write has reached all of its
 * streams, and at the end turns receive times into latencies against the writer's ack times.
 */
import http from 'node:http';
import { now } from './fanout-clock.ts';
import type { FromSubscriber, PhaseAcks, PhaseReport, ToSubscriber } from './fanout-protocol.ts';
import { createSseParser, getUpdatedPatientId } from './fanout-sse.ts';

type Stream = {
  request: http.ClientRequest;
  /** Receive times per tracked patient, in arrival order. */
  received: Map<string, number[]>;
  isOpen: boolean;
};

const streams: Stream[] = [];
/** Per patient: reached[n] = how many streams have received at least n of its events. */
const reached = new Map<string, number[]>();
let tracked = new Set<string>();
let closedEarly = 0;
let isClosing = false;

const send = (message: FromSubscriber) => process.send?.(message);

function onPatientEvent(stream: Stream, patientId: string, at: number) {
  const times = stream.received.get(patientId);
  if (!times) return;
  times.push(at);
  const counts = reached.get(patientId)!;
  const n = times.length;
  counts[n] = (counts[n] ?? 0) + 1;
  if (counts[n] === streams.length) send({ type: 'delivered', patientId, count: n });
}

function openStream(url: URL, cookie: string, timeoutMs: number): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const stream: Stream = {
      request: undefined as unknown as http.ClientRequest,
      received: new Map([...tracked].map((id) => [id, []])),
      isOpen: false,
    };
    const timer = setTimeout(() => {
      stream.request.destroy(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (cookie) headers.cookie = cookie;
    stream.request = http.get(url, { headers, agent: false }, (response) => {
      clearTimeout(timer);
      response.setEncoding('utf8');
      if (response.statusCode !== 200) {
        let body = '';
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          reject(new Error(`${response.statusCode}: ${body.slice(0, 200)}`)),
        );
        return;
      }
      stream.isOpen = true;
      let at = 0;
      const feed = createSseParser((message) => {
        const patientId = getUpdatedPatientId(message);
        if (patientId !== null) onPatientEvent(stream, patientId, at);
      });
      response.on('data', (chunk: string) => {
        at = now();
        feed(chunk);
      });
      response.on('close', () => {
        if (stream.isOpen && !isClosing) closedEarly += 1;
        stream.isOpen = false;
      });
      resolve(stream);
    });
    stream.request.on('error', (error) => {
      clearTimeout(timer);
      if (stream.isOpen && !isClosing) closedEarly += 1;
      stream.isOpen = false;
      reject(error);
    });
  });
}

async function openAll(message: Extract<ToSubscriber, { type: 'open' }>) {
  tracked = new Set(message.patientIds);
  for (const id of tracked) reached.set(id, []);
  const url = new URL(message.path, message.baseUrl);
  const deadline = now() + message.deadlineMs;
  let next = 0;
  let failed = 0;
  let firstError: string | null = null;
  const opener = async () => {
    while (next < message.cookies.length && now() < deadline) {
      const cookie = message.cookies[next]!;
      next += 1;
      try {
        streams.push(await openStream(url, cookie, Math.max(1, deadline - now())));
      } catch (error) {
        failed += 1;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: message.concurrency }, opener));
  failed += message.cookies.length - next;
  send({ type: 'opened', open: streams.length, failed, firstError });
}

function reportPhase(phase: PhaseAcks): PhaseReport {
  const latencies: number[] = [];
  const lastReceived: Record<string, Float64Array> = {};
  const receivedBy: Record<string, Int32Array> = {};
  let missing = 0;
  let streamsMissing = 0;
  let extra = 0;
  for (const [patientId, acks] of Object.entries(phase.acks)) {
    lastReceived[patientId] = new Float64Array(acks.length);
    receivedBy[patientId] = new Int32Array(acks.length);
  }
  for (const stream of streams) {
    let isMissing = false;
    for (const [patientId, acks] of Object.entries(phase.acks)) {
      const times = stream.received.get(patientId) ?? [];
      const last = lastReceived[patientId]!;
      const by = receivedBy[patientId]!;
      const matched = Math.min(times.length, acks.length);
      // Writes to one patient are sequential, so the n-th event is the n-th write.
      for (let index = 0; index < matched; index += 1) {
        const at = times[index]!;
        latencies.push(Math.max(0, at - acks[index]!));
        if (at > last[index]!) last[index] = at;
        by[index] = by[index]! + 1;
      }
      if (acks.length > matched) isMissing = true;
      missing += acks.length - matched;
      extra += times.length - matched;
    }
    if (isMissing) streamsMissing += 1;
  }
  return {
    name: phase.name,
    latencies: Float64Array.from(latencies),
    lastReceived,
    receivedBy,
    missing,
    streamsMissing,
    extra,
  };
}

function closeAll() {
  isClosing = true;
  for (const stream of streams) stream.request.destroy();
  send({ type: 'closed' });
  // Let the IPC message leave before the process ends.
  setTimeout(() => process.exit(0), 50);
}

process.on('message', (message: ToSubscriber) => {
  if (message.type === 'open') void openAll(message);
  else if (message.type === 'report')
    send({
      type: 'report',
      phases: message.phases.map(reportPhase),
      streams: streams.length,
      closedEarly,
    });
  else closeAll();
});
// The bench going away (killed, crashed) must not leave this process holding streams.
process.on('disconnect', () => process.exit(0));
