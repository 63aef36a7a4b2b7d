/**
 * What of an error may reach the logs. Database errors carry the query's parameter values in
 * their message, their stack and a `params` field — patient names, message bodies — so only the
 * type, a code, the message up to its parameters and the stack frames are kept.
 */
export type LoggableError = {
  [key: string]: unknown;
  type: string;
  message: string;
  code?: string;
  stack: string;
};

const MAX_MESSAGE = 300;

function cutMessage(message: string): string {
  const first = message.split('\nparams:')[0] ?? '';
  return first.length > MAX_MESSAGE ? `${first.slice(0, MAX_MESSAGE)}…` : first;
}

export function toLoggableError(error: unknown): LoggableError {
  if (!(error instanceof Error))
    return { type: typeof error, message: 'non-error thrown', stack: '' };
  const code = (error as { code?: unknown }).code;
  const cause =
    error.cause instanceof Error
      ? ` (cause: ${error.cause.constructor.name}: ${cutMessage(error.cause.message)})`
      : '';
  return {
    type: error.constructor.name,
    message: cutMessage(error.message) + cause,
    ...(typeof code === 'string' ? { code } : {}),
    // Frames only: the stack's first line repeats the message, parameters included.
    stack: (error.stack ?? '')
      .split('\n')
      .filter((line) => line.startsWith('    at '))
      .slice(0, 12)
      .join('\n'),
  };
}

/** A one-line description for `log.warn(...)` calls. */
export function describeError(error: unknown): string {
  const loggable = toLoggableError(error);
  return `${loggable.type}: ${loggable.message}`;
}
