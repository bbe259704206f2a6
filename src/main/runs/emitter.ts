// A tiny typed event emitter: listeners in subscription order, each isolated
// from the others. A listener that throws (a closed window, a broken pipe)
// must not stop the run that emits, nor the listeners after it.

export type Listener<T> = (event: T) => void;

export interface Emitter<T> {
  /** Returns the function that unsubscribes. */
  subscribe(listener: Listener<T>): () => void;
  emit(event: T): void;
}

export function createEmitter<T>(onListenerError: (error: unknown) => void = () => {}): Emitter<T> {
  const listeners = new Set<Listener<T>>();
  return {
    subscribe(listener) {
      // A function subscribed twice gets two subscriptions, each with its own unsubscribe.
      const own: Listener<T> = (event) => listener(event);
      listeners.add(own);
      return () => {
        listeners.delete(own);
      };
    },
    emit(event) {
      // A copy: a listener may unsubscribe (or subscribe others) while we deliver.
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch (error) {
          onListenerError(error);
        }
      }
    },
  };
}
