/** Messages between the bench and its subscriber processes (fork IPC, advanced serialization). */

/** Acknowledgement times of one phase's writes, in write order per patient. */
export type PhaseAcks = { name: string; acks: Record<string, number[]> };

export type ToSubscriber =
  | {
      type: 'open';
      baseUrl: string;
      path: string;
      /** One entry per stream: the Cookie header it sends ('' for none). */
      cookies: string[];
      concurrency: number;
      deadlineMs: number;
      /** Only these patients' events are timed; every other message is parsed and dropped. */
      patientIds: string[];
    }
  | { type: 'report'; phases: PhaseAcks[] }
  | { type: 'close' };

/** One process's view of one phase; the bench merges the processes. */
export type PhaseReport = {
  name: string;
  /** receive − ack per (stream, event), clamped at 0, in ms. */
  latencies: Float64Array;
  /** Per patient, per write: the latest receive time over this process's streams (0 = none). */
  lastReceived: Record<string, Float64Array>;
  /** Per patient, per write: how many of this process's streams received it. */
  receivedBy: Record<string, Int32Array>;
  /** Σ over streams and patients of acknowledged writes whose event the stream never got. */
  missing: number;
  streamsMissing: number;
  /** Events beyond the acknowledged writes (duplicates, or writes that failed but committed). */
  extra: number;
};

export type FromSubscriber =
  | { type: 'opened'; open: number; failed: number; firstError: string | null }
  | { type: 'delivered'; patientId: string; count: number }
  | { type: 'report'; phases: PhaseReport[]; streams: number; closedEarly: number }
  | { type: 'closed' };
