type ErrorAnswer = {
  error: { message: string; details?: ReadonlyArray<{ message: string }> };
};

/**
 * The words a form shows for a refused request: the first problem's own message (the answer's
 * `message` names its field before them, `dob: …`), or the message of an error with no details.
 */
export function formMessage(answer: { json(): unknown }): string {
  const { error } = answer.json() as ErrorAnswer;
  return error.details?.[0]?.message ?? error.message;
}
