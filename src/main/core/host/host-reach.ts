// Which part of VOA Desk last reached the host, and when: any HTTP answer (even a refusal) proves the
// ERP reachable, whichever application asked. VoaHost and TokenProvider report each answer here.
import type { HostReach, HostReachability, HostReacher } from '../../../shared/bridge/host-calls.ts';
import type { ApplicationName } from '../../../shared/settings.ts';
import type { CallKind } from './host-policy.ts';

/** A header shows minutes: a sync's thousand page reads need not become a thousand events. */
const REPORT_EVERY_MS = 30_000;

/** The contract's service a kind of call belongs to. */
export function reacherOf(kind: CallKind): HostReacher {
  if (kind === 'catalogRead') return 'catalogSync';
  if (kind === 'requestCreate') return 'voaRequests';
  return 'voaPortal';
}

export class HostReachLog {
  readonly #byReacher: Partial<Record<HostReacher, HostReach>> = {};
  #last: HostReach | null = null;
  readonly #reported = new Map<HostReacher, number>();
  readonly #onChange: (view: HostReachability) => void;
  readonly #now: () => Date;

  constructor(onChange: (view: HostReachability) => void, now: () => Date = () => new Date()) {
    this.#onChange = onChange;
    this.#now = now;
  }

  record(via: HostReacher, application: ApplicationName): void {
    const now = this.#now();
    const reach = { via, application, at: now.toISOString() };
    const changed = this.#last?.via !== via;
    this.#byReacher[via] = reach;
    this.#last = reach;
    const reported = this.#reported.get(via);
    if (!changed && reported !== undefined && now.getTime() - reported < REPORT_EVERY_MS) return;
    this.#reported.set(via, now.getTime());
    this.#onChange(this.view());
  }

  view(): HostReachability {
    return { last: this.#last, byReacher: { ...this.#byReacher } };
  }
}
