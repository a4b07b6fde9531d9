/**
 * Engines kept between turns (runtime.ts), so the next turn of an instance moves the engine that made its saved
 * state instead of recovering a new one from it — recovery (building every element again and resuming them) was
 * the larger half of a completion's engine work.
 *
 * The key is the saved state itself, as the turn answered it: an engine is reused only for a turn handed exactly
 * that string, i.e. only while the instance's row still holds what this engine became. A turn whose commit failed
 * (a 409, a crash) left the older state in the row, which no longer matches; another process's turn wrote a state
 * this process never made. Either way the turn recovers, as without this cache, so correctness never rests on it —
 * and each engine is taken out while a turn uses it, so two turns never share one.
 */
export interface Idle {
  definitionId: string
  /** Stops the engine for good (it was evicted). */
  halt(): void
}

export class IdleEngines<T extends Idle> {
  private readonly kept = new Map<string, T>()
  constructor(private max: number) {}

  /** The engine whose state is `state`, removed from the cache; none when it is not (or no longer) here. */
  take(definitionId: string, state: string): T | undefined {
    const hit = this.kept.get(state)
    if (!hit) return undefined
    this.kept.delete(state)
    return hit.definitionId === definitionId ? hit : (hit.halt(), undefined)
  }

  /** Keeps an engine under the state it was just saved as; the least recently kept one goes beyond `max`. */
  keep(state: string, live: T) {
    this.kept.set(state, live)
    this.trim()
  }

  get size() {
    return this.kept.size
  }

  /** Sets the bound (0 turns reuse off), halting what no longer fits. */
  resize(max: number) {
    this.max = max
    this.trim()
  }

  private trim() {
    while (this.kept.size > this.max) {
      const [oldest, live] = this.kept.entries().next().value as [string, T]
      this.kept.delete(oldest)
      live.halt()
    }
  }
}
