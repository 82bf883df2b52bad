/** How a read models' thread answers the main thread's control requests (start, stop, close). */
export type ControlAnswer = {
  kind: 'answer';
  id: number;
  value?: { position: number; resumedFrom: number };
  error?: { name: string; message: string };
};

/**
 * Runs a control request's work, then answers it with how far the runner is, or with the error by name (errors do not cross threads as
 * themselves).
 */
export async function answerControl(
  post: (answer: ControlAnswer) => void,
  runner: { position: number; resumedFrom: number },
  id: number,
  work: () => Promise<void>,
): Promise<void> {
  try {
    await work();
    post({ kind: 'answer', id, value: { position: runner.position, resumedFrom: runner.resumedFrom } });
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    post({ kind: 'answer', id, error: { name, message } });
  }
}
