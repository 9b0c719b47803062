/**
 * "The send queue has new due work", raised inside one process after the write that made it is
 * committed (a campaign accepted or resumed, a scheduled one released). This process's dispatcher
 * listens and claims at once instead of at its next poll. It is only a shortcut: other processes
 * never hear it and still find the work by polling (SEND_POLL_MS), so a lost signal delays
 * sending by one poll interval at most and never loses a message.
 */
export class QueueSignal {
  private readonly listeners = new Set<() => void>();

  /** Answers the function that stops listening. */
  listen(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  notify(): void {
    for (const listener of this.listeners) listener();
  }
}
