/**
 * Every refusal of the hall link, logged and counted in one place (issue 29 §2: 29 of 43 sync refusals left no
 * trace). Counted in memory at once. The first refusal of a kind, table and source in an interval is written and
 * logged at once (so even a hub killed the next moment keeps it); the rest of that interval is written as one row
 * with its count at the flush — so a flood of wrong tokens costs no disk write and no log line per request.
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
  /** Refusals counted since the bucket's last write. */
  unwritten: number
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
      b.unwritten += 1
      b.at = this.now()
    } else {
      const remoteShown = key.endsWith('|…') ? '…' : source
      const fresh = { tableId, code, remote: remoteShown, count: 1, at: this.now(), unwritten: 0 }
      this.buckets.set(key, fresh)
      this.log(
        `sync: refused ${code} from ${remoteShown || '?'}${tableId === null ? '' : ` (table id ${tableId})`}`,
      )
      this.write([fresh])
    }
    this.timer ??= setTimeout(() => this.flush(), this.flushMs)
    this.timer.unref?.()
  }

  /** Refusals of each kind since the start (kept in memory; the database has the rows with their counts). */
  counts(): RefusalCount[] {
    return [...this.totals].map(([code, count]) => ({ code, count })).sort((a, b) => b.count - a.count)
  }

  /** The refusals not written yet (newest first, with their unwritten count), for the dashboard. */
  unwritten(): Bucket[] {
    return [...this.buckets.values()]
      .filter((b) => b.unwritten > 0)
      .map((b) => ({ ...b, count: b.unwritten }))
      .sort((a, b) => b.at - a.at)
  }

  /** Writes what was counted since the last flush, in one transaction. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    const rows = [...this.buckets.values()].filter((b) => b.unwritten > 0)
    this.buckets.clear()
    for (const r of rows) this.log(`sync: refused ${r.code} ×${r.unwritten} more from ${r.remote || '?'}`)
    this.write(rows.map((r) => ({ ...r, count: r.unwritten })))
  }

  private write(rows: Bucket[]): void {
    if (rows.length === 0) return
    try {
      this.db().sync.addRefusals(rows)
    } catch (err) {
      // Logged already; the counts stay in memory (`counts`).
      this.log(`sync: could not write ${rows.length} refusal row(s): ${String(err)}`)
    }
  }

  stop(): void {
    this.flush()
  }
}
