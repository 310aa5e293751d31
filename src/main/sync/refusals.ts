/**
 * Every refusal of the hall link, logged and counted in one place (issue 29 §2: 29 of 43 sync refusals left no
 * trace). Counted in memory at once; written to `sync_refusals` in aggregate — one row per kind, table and
 * source address per interval, with its count — so a flood of wrong tokens costs no disk write per request and
 * no log line per request either (the first of each kind and source is logged, the rest summed at the flush).
 */
import type { MafiaDb } from '../db'

/** How often the counted refusals are written (ms). */
export const REFUSAL_FLUSH_MS = 5000
/** Sources kept apart between two flushes; past it the rest is summed under one "…" source. */
const MAX_BUCKETS = 512

interface Bucket {
  tableId: number | null
  code: string
  remote: string
  count: number
  at: number
}

export interface RefusalCount {
  code: string
  count: number
}

export class RefusalLog {
  private readonly buckets = new Map<string, Bucket>()
  private readonly totals = new Map<string, number>()
  private timer: ReturnType<typeof setTimeout> | null = null

  constructor(
    private readonly db: () => MafiaDb,
    private readonly log: (line: string) => void,
    private readonly flushMs = REFUSAL_FLUSH_MS,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** One refusal: typed code, the table when known, the remote address (no port: one bucket per machine). */
  count(code: string, remote: string, tableId: number | null = null): void {
    const source = remote.replace(/^::ffff:/, '').slice(0, 100)
    this.totals.set(code, (this.totals.get(code) ?? 0) + 1)
    let key = `${tableId ?? ''}|${code}|${source}`
    if (!this.buckets.has(key) && this.buckets.size >= MAX_BUCKETS) key = `${tableId ?? ''}|${code}|…`
    const b = this.buckets.get(key)
    if (b) {
      b.count += 1
      b.at = this.now()
    } else {
      const remoteShown = key.endsWith('|…') ? '…' : source
      this.buckets.set(key, { tableId, code, remote: remoteShown, count: 1, at: this.now() })
      this.log(
        `sync: refused ${code} from ${remoteShown || '?'}${tableId === null ? '' : ` (table id ${tableId})`}`,
      )
    }
    this.timer ??= setTimeout(() => this.flush(), this.flushMs)
    this.timer.unref?.()
  }

  /** Refusals of each kind since the start (kept in memory; the database has the rows with their counts). */
  counts(): RefusalCount[] {
    return [...this.totals].map(([code, count]) => ({ code, count })).sort((a, b) => b.count - a.count)
  }

  /** The refusals not written yet (newest first), for the dashboard between two flushes. */
  unwritten(): Bucket[] {
    return [...this.buckets.values()].sort((a, b) => b.at - a.at)
  }

  /** Writes what was counted since the last flush, in one transaction. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    const rows = [...this.buckets.values()]
    if (rows.length === 0) return
    this.buckets.clear()
    for (const r of rows) {
      if (r.count > 1) this.log(`sync: refused ${r.code} ×${r.count} from ${r.remote || '?'}`)
    }
    try {
      this.db().sync.addRefusals(rows)
    } catch (err) {
      // Logged above already; the counts stay in memory (`counts`).
      this.log(`sync: could not write ${rows.length} refusal row(s): ${String(err)}`)
    }
  }

  stop(): void {
    this.flush()
  }
}
