export type SseMessage = { id: string | null; event: string; data: string };

/** A minimal SSE reader over fetch, for tests: collects messages until closed. */
export async function openSse(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const messages: SseMessage[] = [];
  const waiters: Array<() => void> = [];
  let isEnded = false;
  const reading = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let boundary = buffer.indexOf('\n\n');
        while (boundary >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          const message: SseMessage = { id: null, event: 'message', data: '' };
          let hasData = false;
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) message.id = line.slice(4);
            else if (line.startsWith('event: ')) message.event = line.slice(7);
            else if (line.startsWith('data: ')) {
              message.data += line.slice(6);
              hasData = true;
            }
          }
          if (hasData) {
            messages.push(message);
            waiters.splice(0).forEach((wake) => wake());
          }
          boundary = buffer.indexOf('\n\n');
        }
      }
      // The server ended the stream (not our abort, which throws).
      isEnded = true;
      waiters.splice(0).forEach((wake) => wake());
    } catch {
      // aborted
    }
  })();
  return {
    status: response.status,
    headers: response.headers,
    messages,
    /** Whether the server has ended the stream. */
    isEnded: () => isEnded,
    changes: () =>
      messages
        .filter((message) => message.event === 'change')
        .map((message) => ({ id: Number(message.id), ...JSON.parse(message.data) })),
    async waitFor(predicate: () => boolean, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate()) {
        if (Date.now() > deadline) throw new Error('timed out waiting for SSE messages');
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
    },
    async close() {
      controller.abort();
      // A stream the server already ended can leave the reader pending; do not wait on it long.
      await Promise.race([reading, new Promise((resolve) => setTimeout(resolve, 500))]);
    },
  };
}
