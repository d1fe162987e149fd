// Delivers queued requests: takes the oldest due items, sends them, and records what each answer means.
// One item that needs attention never holds up the others; a problem no retry can fix (credentials,
// permissions, company) pauses the whole queue without burning attempts; no answer at all makes the
// queue wait (offline) and probe with backoff, until a network or wake nudge says to try now.
// Items are claimed under a lease in app.db, so several senders (the app, a scheduled `outbox flush`) share
// one queue without sending an item twice; a crashed sender's lease runs out and its items are claimed again.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { OutboxStatus } from '../../../shared/bridge/outbox-calls.ts';
import { backoffMs, systemClock, type Backoff, type HostClock } from '../host/host-policy.ts';
import type { DeliveryOutcome } from '../host/voa-requests-client.ts';
import type { ItemOutcome, OutboxItem, OutboxStore, SendableOutboxItem } from './outbox-store.ts';
import { appLog } from '../log/app-log.ts';
import { logDeliveryAttempt } from './delivery-log.ts';

export interface OutboxTiming {
  /** First retry after an unknown outcome; doubles per attempt, with jitter, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Time-out of one delivery call. */
  requestTimeoutMs: number;
  /** Requests in flight at once. */
  concurrency: number;
  /**
   * How long a claimed item stays this sender's without a sign of life; renewed every third of it while
   * the call is in flight. After a crash, its items wait this long before another sender takes them.
   */
  leaseMs: number;
}

/** VOA_DESK_OUTBOX_LEASE_MS shortens the lease for tests that kill a sender and wait for its lease. */
function leaseFromEnvironment(): number {
  const fromEnvironment = Number(process.env.VOA_DESK_OUTBOX_LEASE_MS);
  return Number.isInteger(fromEnvironment) && fromEnvironment > 0 ? fromEnvironment : 30_000;
}

export const DEFAULT_TIMING: OutboxTiming = {
  baseDelayMs: 2_000,
  maxDelayMs: 2 * 60_000,
  requestTimeoutMs: 30_000,
  concurrency: 4,
  leaseMs: leaseFromEnvironment(),
};

/** How often a waiting flush looks at the queue for what other senders did. */
const FLUSH_LOOK_MS = 250;

const backoffOf = (timing: OutboxTiming): Backoff => ({
  baseMs: timing.baseDelayMs,
  maxMs: timing.maxDelayMs,
});

export interface OutboxSenderOptions {
  store: OutboxStore;
  deliver(item: SendableOutboxItem, timeoutMs: number): Promise<DeliveryOutcome>;
  /** Items changed (claimed, recorded); called after the change is committed. */
  onItems(items: OutboxItem[]): void;
  onStatus(status: OutboxStatus): void;
  timing?: Partial<OutboxTiming>;
  /** Time for due dates, leases and waits; tests pass a clock they move themselves. */
  clock?: HostClock;
  random?: () => number;
  /** Who holds the leases of this sender's claims; unique per sender unless a test names it. */
  owner?: string;
}

export class OutboxSender {
  readonly #store: OutboxStore;
  readonly #deliver: OutboxSenderOptions['deliver'];
  readonly #onItems: OutboxSenderOptions['onItems'];
  readonly #onStatus: OutboxSenderOptions['onStatus'];
  readonly #clock: HostClock;
  readonly #random: () => number;
  readonly owner: string;
  timing: OutboxTiming;

  #connection: OutboxStatus['connection'] = 'unknown';
  #lastContactAt: string | null = null;
  #paused: OutboxStatus['paused'] = null;
  /** No answer from the host: the queue waits until then (a nudge ends the wait). */
  #offlineUntil = 0;
  #networkFailures = 0;
  /** HTTP 429: nothing is sent before then, whatever happens (Retry-After is honoured). */
  #throttledUntil = 0;

  #loop: Promise<void> | undefined;
  #running = false;
  #inFlight = new Set<Promise<void>>();
  #wake: (() => void) | undefined;
  #heartbeat: Promise<void> | undefined;
  #stopping: AbortController | undefined;
  /** Woken when an attempt ends or the status changes, for a flush that waits for the queue. */
  #changed = new Set<() => void>();

  constructor(options: OutboxSenderOptions) {
    this.#store = options.store;
    this.#deliver = options.deliver;
    this.#onItems = options.onItems;
    this.#onStatus = options.onStatus;
    this.#clock = options.clock ?? systemClock;
    this.#random = options.random ?? Math.random;
    this.timing = { ...DEFAULT_TIMING, ...options.timing };
    this.owner = options.owner ?? `${os.hostname()}/${process.pid}/${randomUUID()}`;
  }

  get running(): boolean {
    return this.#running;
  }

  status(): OutboxStatus {
    const counts = this.#store.counts();
    const waits = [this.#offlineUntil, this.#throttledUntil, this.#store.nextDue() ?? 0].filter(
      (at) => at > this.#clock.now(),
    );
    const queued = counts.queued > 0;
    const held = this.#store.heldForOtherConnection();
    return {
      connection: this.#connection,
      paused: this.#paused,
      counts,
      undelivered: counts.queued + counts.sending + counts.needsAttention,
      nextAttemptAt:
        queued && waits.length && !this.#paused ? new Date(Math.max(...waits)).toISOString() : null,
      lastContactAt: this.#lastContactAt,
      throttledUntil:
        this.#throttledUntil > this.#clock.now() ? new Date(this.#throttledUntil).toISOString() : null,
      held: held.count ? held : null,
    };
  }

  /**
   * Starts delivering in the background. Items another sender left "sending" are not touched: they are
   * claimed when that sender's lease runs out.
   */
  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#stopping = new AbortController();
    this.#heartbeat = this.#renewLeases(this.#stopping.signal);
    this.#loop = this.#run();
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#wakeUp();
    await this.#loop;
    this.#loop = undefined;
    await Promise.all(this.#inFlight);
    this.#stopping?.abort();
    await this.#heartbeat;
    this.#heartbeat = undefined;
    if (this.#store.releaseLeases(this.owner)) this.#emitStatus();
  }

  /** While calls are in flight, this sender is alive: its leases are renewed every third of a lease. */
  async #renewLeases(stopping: AbortSignal): Promise<void> {
    while (!stopping.aborted) {
      try {
        await this.#clock.sleep(Math.max(1, Math.floor(this.timing.leaseMs / 3)), stopping);
      } catch {
        return;
      }
      if (this.#inFlight.size) this.#store.renewLeases(this.owner, this.timing.leaseMs);
    }
  }

  /**
   * Something changed (a new item, a network or wake event): look again now, without waiting. `person`: a
   * person asked for a request now (retry, correct and resend), so neither a pause nor the offline wait holds
   * it back; one call tells whether the cause is gone. A host's Retry-After still does.
   */
  nudge(reason: 'submitted' | 'person' | 'network' | 'wake' | 'settings' = 'submitted'): void {
    if (reason === 'person' && (this.#paused || this.#offlineUntil)) {
      this.#paused = null;
      this.#offlineUntil = 0;
      this.#emitStatus();
    } else if (reason !== 'submitted' && reason !== 'person') {
      this.#offlineUntil = 0;
      this.#networkFailures = 0;
      this.#store.makeAllDue();
      // New settings or a new secret may be what a paused queue waited for; one call tells.
      if (reason === 'settings') this.#paused = null;
      this.#emitStatus();
    }
    this.#wakeUp();
  }

  /**
   * Sends everything due now (a person asked: waits for backoff end, a pause is lifted and tried once),
   * and with `waitMs` answers when nothing is left to send, the queue pauses, or the time is up.
   */
  async flush(waitMs: number): Promise<{ status: OutboxStatus; drained: boolean }> {
    this.#paused = null;
    this.#offlineUntil = 0;
    this.#networkFailures = 0;
    this.#store.makeAllDue();
    const ownLoop = !this.#running;
    if (ownLoop) this.start();
    this.#emitStatus();
    this.#wakeUp();
    const deadline = this.#clock.now() + waitMs;
    while (waitMs > 0 && this.#clock.now() < deadline) {
      const counts = this.#store.counts();
      // Requests held for another connection wait for a person, not for this flush.
      const held = this.#store.heldForOtherConnection().count;
      if (counts.queued + counts.sending - held <= 0 || this.#paused) break;
      // Woken by this sender's own progress; another process's progress shows at the next look.
      await this.#untilChanged(Math.min(FLUSH_LOOK_MS, deadline - this.#clock.now()));
    }
    if (ownLoop) await this.stop();
    const status = this.status();
    return { status, drained: status.counts.queued + status.counts.sending === 0 };
  }

  async #run(): Promise<void> {
    while (this.#running) {
      const now = this.#clock.now();
      const holdUntil = Math.max(this.#offlineUntil, this.#throttledUntil);
      if (this.#paused) {
        await this.#sleep(undefined);
        continue;
      }
      if (holdUntil > now) {
        await this.#sleep(holdUntil - now);
        continue;
      }
      // While offline, one request probes the host; the others wait for its answer.
      const slots = (this.#networkFailures > 0 ? 1 : this.timing.concurrency) - this.#inFlight.size;
      const claimed = this.#store.claimDue(slots, this.owner, this.timing.leaseMs);
      if (claimed.length) {
        this.#onItems(claimed);
        for (const item of claimed) {
          const attempt = this.#attempt(item).finally(() => {
            this.#inFlight.delete(attempt);
            this.#wakeUp();
            this.#notifyChanged();
          });
          this.#inFlight.add(attempt);
        }
        continue;
      }
      const due = this.#store.nextClaimable(this.owner);
      await this.#sleep(due === undefined || slots <= 0 ? undefined : Math.max(0, due - now));
    }
  }

  async #attempt(item: SendableOutboxItem): Promise<void> {
    let outcome: DeliveryOutcome;
    try {
      outcome = await this.#deliver(item, this.timing.requestTimeoutMs);
    } catch (error) {
      // A fault of VOA Desk itself: keep the item, say what happened, try later.
      appLog.error('delivery failed inside VOA Desk', error, { requestId: item.requestId, kind: item.kind });
      outcome = {
        kind: 'unknown',
        message: `VOA Desk could not send it: ${(error as Error).message}`,
        reachedHost: false,
      };
    }
    const now = this.#clock.now();
    const wasConnection = this.#connection;
    const wasPaused = this.#paused;
    let recorded: ItemOutcome;
    switch (outcome.kind) {
      case 'delivered':
        this.#contact(now);
        recorded = {
          state: 'delivered',
          number: outcome.number,
          ...(outcome.duplicate && !outcome.number
            ? { note: 'The host had already stored this request; its answer did not name the number.' }
            : {}),
        };
        break;
      case 'refused':
        this.#contact(now);
        recorded = { state: 'needsAttention', error: outcome.message, hostWords: outcome.hostWords ?? null };
        break;
      case 'blocked':
        // Nothing was processed and retrying cannot help: pause everything, burn nothing.
        this.#paused = { reason: outcome.message, since: new Date(now).toISOString() };
        recorded = { state: 'queued', error: outcome.message, nextAttemptAt: now, countsAsAttempt: false };
        break;
      case 'throttled':
        this.#contact(now);
        this.#throttledUntil = Math.max(this.#throttledUntil, now + outcome.retryAfterMs);
        recorded = {
          state: 'queued',
          error: outcome.message,
          nextAttemptAt: now + outcome.retryAfterMs,
          countsAsAttempt: false,
        };
        break;
      case 'unknown': {
        const delay = backoffMs(item.attempts + 1, backoffOf(this.timing), this.#random);
        if (outcome.reachedHost) this.#contact(now);
        else {
          this.#connection = 'offline';
          this.#networkFailures += 1;
          this.#offlineUntil = now + backoffMs(this.#networkFailures, backoffOf(this.timing), this.#random);
        }
        recorded = {
          state: 'queued',
          error: outcome.message,
          nextAttemptAt: now + delay,
          countsAsAttempt: true,
        };
        break;
      }
    }
    logDeliveryAttempt(item, outcome, recorded);
    const updated = this.#store.record(item.id, recorded, this.owner);
    if (updated) this.#onItems([updated]);
    if (wasConnection !== this.#connection || wasPaused !== this.#paused) this.#emitStatus();
  }

  #contact(now: number): void {
    this.#connection = 'online';
    this.#lastContactAt = new Date(now).toISOString();
    this.#networkFailures = 0;
    this.#offlineUntil = 0;
  }

  #emitStatus(): void {
    this.#onStatus(this.status());
    this.#notifyChanged();
  }

  /** Sleeps `ms` (undefined: until woken); a nudge, a new item or a finished attempt wakes it. */
  async #sleep(ms: number | undefined): Promise<void> {
    const wake = new AbortController();
    this.#wake = () => wake.abort();
    try {
      if (ms === undefined)
        await new Promise((resolve) => wake.signal.addEventListener('abort', resolve, { once: true }));
      else await this.#clock.sleep(ms, wake.signal).catch(() => {});
    } finally {
      this.#wake = undefined;
    }
  }

  #wakeUp(): void {
    this.#wake?.();
  }

  async #untilChanged(ms: number): Promise<void> {
    const changed = new AbortController();
    const notify = () => changed.abort();
    this.#changed.add(notify);
    try {
      await this.#clock.sleep(Math.max(1, ms), changed.signal).catch(() => {});
    } finally {
      this.#changed.delete(notify);
    }
  }

  #notifyChanged(): void {
    for (const notify of this.#changed) notify();
  }
}
