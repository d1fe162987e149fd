import type { EventPayload } from '../../../shared/bridge/api.ts';
import type { EventName } from '../../../shared/bridge/bridge-map.ts';
import { appLog } from '../log/app-log.ts';

export type EventListener = (name: EventName, payload: unknown) => void;

/** Core → shells: every bridge event goes through here, whichever shell forwards it to a renderer. */
export class EventHub {
  #listeners = new Set<EventListener>();

  emit<E extends EventName>(name: E, payload: EventPayload<E>): void {
    for (const listener of this.#listeners) {
      try {
        listener(name, payload);
      } catch (error) {
        appLog.error(`a listener of ${name} failed`, error);
      }
    }
  }

  subscribe(listener: EventListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
