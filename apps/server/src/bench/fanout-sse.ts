export type SseMessage = { event: string; data: string };

/**
 * An incremental text/event-stream parser: feed it chunks as they arrive, it calls back once per
 * complete message. Comments (`: ping`) and field-less blocks are skipped.
 */
export function createSseParser(onMessage: (message: SseMessage) => void) {
  let buffer = '';
  return (chunk: string) => {
    buffer += chunk.includes('\r') ? chunk.replace(/\r\n?/g, '\n') : chunk;
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const message = parseBlock(block);
      if (message) onMessage(message);
      end = buffer.indexOf('\n\n');
    }
  };
}

function parseBlock(block: string): SseMessage | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':') || line === '') continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + (line[colon + 1] === ' ' ? 2 : 1));
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return data.length === 0 ? null : { event, data: data.join('\n') };
}

/**
 * The patient a `patient.updated` message is about, or null for any other message. Accepts the
 * current shape (`event: change`, topic in the data) and a dedicated event name, so the bench
 * measures a rewritten engine as well. The cheap substring test keeps JSON parsing off the
 * hundreds of thousands of other messages.
 */
export function getUpdatedPatientId(message: SseMessage): string | null {
  if (message.event !== 'patient.updated' && !message.data.includes('patient.updated')) return null;
  try {
    const data = JSON.parse(message.data) as {
      topic?: unknown;
      patientId?: unknown;
      payload?: { patientId?: unknown };
    };
    if (message.event !== 'patient.updated' && data.topic !== 'patient.updated') return null;
    const patientId = data.patientId ?? data.payload?.patientId;
    return typeof patientId === 'string' ? patientId : null;
  } catch {
    return null;
  }
}
