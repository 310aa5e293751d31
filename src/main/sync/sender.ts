/**
 * The table machine's background sender (issue 16): drains the transactional outbox to the hub, game by game,
 * in seq order, over `POST /sync/push`. The table never waits for it: commands are stored and shown locally
 * first; the sender runs after the pushes and retries with a backoff while the hub is away. An entry leaves the
 * outbox only when the hub acknowledged it. A refused batch (wrong token, conflict, …) stays in the outbox and is
 * shown in the table's sync status.
 */
import http from 'node:http'
import type { Duplex } from 'node:stream'
import { isIP } from 'node:net'
import tls from 'node:tls'
import { randomUUID } from 'node:crypto'
import { checkSetup } from '../engine/verify'
import type { MafiaDb } from '../db'
import { AppError, appError, toAppErrorData, type AppErrorData } from '../../shared/errors'
import {
  SYNC_MAX_ENTRIES,
  type SyncClosedGame,
  type SyncGameNotice,
  type SyncHello,
  type SyncLocalStatus,
  type SyncPull,
  type SyncPulledLocal,
  type SyncPush,
  type SyncPushResult,
} from '../../shared/sync'
import { hubIdentity, syncError, tlsRequired } from './errors'
import { fingerprintOf } from '../transport/tls'
import { isLoopbackHost, parsePairingCode } from './pairing'

export const PAIRING_KEY = 'sync.pairing'
const MACHINE_KEY = 'sync.machine'
/** The settings key of the games pulled from the hub: where each belongs there (tournament, round, table). */
export const PULLED_KEY = 'sync.pulled'
/**
 * The settings key of the games this table no longer sends: the head judge kept the hub's version of one of their
 * entries, or cancelled the game (then cancelled in its own row too). Such a game left `sync_games` and its outbox.
 */
export const STOPPED_KEY = 'sync.stopped'

/** A game this table stopped sending: the head judge kept the hub's version (closed) or cancelled it. */
interface StoppedGame {
  gameId: number
  uuid: string
  state: 'closed' | 'cancelled'
  /** The closed entry and the head judge's reason (a cancellation's reason is in the game's own row). */
  seq: number | null
  reason: string
}

/** A game refused for a reason of its own: the sender goes on with the other games and asks again later. */
const HOLD_MS: Record<string, number> = {
  'sync/replay_refused': 30_000,
  'sync/replay_mismatch': 30_000,
  'sync/forbidden': 30_000,
  'sync/other_machine': 30_000,
}

export interface Pairing {
  hubUrl: string
  /**
   * The pinned SHA-256 fingerprint of the hub's certificate (issue 29 §2): nothing — not even the token — is sent
   * to a machine that shows another one. Null only for a hub on this machine (loopback).
   */
  fingerprint: string | null
  token: string
  tournamentUuid: string
  tournamentName: string
  tableNumber: number
}

export interface SenderOptions {
  db: () => MafiaDb
  log?: (line: string) => void
  /** How often the outbox is looked at when nothing kicked the sender (ms). */
  pollMs?: number
  /**
   * The machine's clock its commands are stamped with (the service's): a batch's send time is read from it, so the
   * hub compares the table's times with one clock of the table (issue 29 §3). Default: `now`.
   */
  clock?: () => number
  /** A heartbeat to the hub while the outbox is empty (ms): the hub shows "last seen"; it also pulls new games. */
  heartbeatMs?: number
  /** Told when games were pulled from the hub (the control panel's picker reloads). */
  onPulled?: (games: SyncPulledLocal[]) => void
  /** Cancels a game here as the head judge did on the hub (the service: stored, its live copy dropped). */
  onCancelled?: (gameId: number, reason: string) => void
  requestTimeoutMs?: number
  now?: () => number
}

type HubReply<T> = { ok: true; value: T } | { ok: false; error: AppErrorData }

/** Where a table sends: the hub's origin and the certificate fingerprint it pinned at pairing. */
export interface HubTarget {
  hubUrl: string
  fingerprint: string | null
}

/** The hub showed another certificate than the pinned one (the connection was closed before a byte was sent). */
class IdentityMismatch extends Error {
  constructor(readonly got: string | null) {
    super('the hub presented another certificate')
  }
}

/**
 * Kept-alive TLS connections to ONE pinned hub identity (issue 29 §2). The socket is handed to the request only
 * after the handshake showed the pinned certificate: until then nothing is written, so a machine with another
 * certificate (a fake hub on the hub's address) never sees the token or a batch. The certificate is self-signed,
 * so no CA could vouch for it; the pin is the whole check (as Syncthing's device IDs).
 */
const HANDSHAKE_TIMEOUT_MS = 5000
/** A table whose token the hub refused asks again this often (ms). */
const BAD_TOKEN_RETRY_MS = 60_000

class PinnedAgent extends http.Agent {
  constructor(private readonly fingerprint: string) {
    super({ keepAlive: true, maxSockets: 2 })
  }

  override createConnection(
    options: http.ClientRequestArgs,
    callback?: (err: Error | null, stream: Duplex) => void,
  ): Duplex | undefined {
    const host = options.hostname ?? options.host ?? 'localhost'
    const socket = tls.connect({
      host,
      port: Number(options.port),
      servername: isIP(host) === 0 ? host : undefined,
      // Self-signed: no CA check; the fingerprint below is the identity check, before anything is written.
      rejectUnauthorized: false,
      minVersion: 'TLSv1.2',
    })
    let done = false
    const finish = (err: Error | null): void => {
      if (done) return
      done = true
      if (err) {
        socket.destroy()
        callback?.(err, socket)
      } else callback?.(null, socket)
    }
    // A machine that accepts the connection and never finishes the handshake must not hold the sender.
    socket.setTimeout(HANDSHAKE_TIMEOUT_MS, () => finish(new Error('no TLS handshake in time')))
    socket.once('secureConnect', () => {
      socket.setTimeout(0)
      const raw = socket.getPeerCertificate().raw as Buffer | undefined
      const got = raw ? fingerprintOf(raw) : null
      finish(got === this.fingerprint ? null : new IdentityMismatch(got))
    })
    socket.once('error', (err) => finish(err))
    return undefined
  }
}

/** One agent per pinned identity; plain HTTP (a hub on this machine only) shares one. */
const pinnedAgents = new Map<string, PinnedAgent>()
const loopbackAgent = new http.Agent({ keepAlive: true, maxSockets: 2 })

function agentFor(target: HubTarget): http.Agent {
  if (target.fingerprint === null) return loopbackAgent
  let a = pinnedAgents.get(target.fingerprint)
  if (!a) {
    a = new PinnedAgent(target.fingerprint)
    pinnedAgents.set(target.fingerprint, a)
  }
  return a
}

function unreachable(cause: string): HubReply<never> {
  return {
    ok: false,
    error: appError(
      'sync/unreachable',
      'Главный компьютер недоступен: команды копятся на этом столе и уйдут, когда связь вернётся.',
      'The hub is unreachable: commands wait on this table and leave when the connection is back.',
      { cause },
    ),
  }
}

/**
 * One request to the hub; a network failure becomes sync/unreachable, another certificate sync/hub_identity.
 * node:http rather than fetch: a push is one small POST, and fetch's streams and abort machinery cost every table
 * several times the CPU of a plain request — on a busy machine that is lag (issue 16's lag goal).
 */
export function callHub<T>(
  target: HubTarget,
  token: string,
  path: '/sync/push' | '/sync/hello' | '/sync/pull',
  body: unknown,
  timeoutMs = 5000,
  retried = false,
): Promise<HubReply<T>> {
  const url = new URL(path, target.hubUrl)
  // Never a token in the clear over the hall network: plain HTTP only to this machine, TLS only with a pin.
  if (
    (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) ||
    (url.protocol === 'https:' && target.fingerprint === null) ||
    (url.protocol !== 'http:' && url.protocol !== 'https:')
  ) {
    return Promise.resolve({ ok: false, error: tlsRequired(url.origin).data })
  }
  const payload = Buffer.from(JSON.stringify(body))
  return new Promise((resolve) => {
    let settled = false
    const done = (r: HubReply<T>): void => {
      if (settled) return
      settled = true
      resolve(r)
    }
    const req = http.request(
      {
        host: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || (url.protocol === 'https:' ? 443 : 80),
        path: url.pathname,
        method: 'POST',
        agent: agentFor(target),
        headers: {
          Host: url.host,
          'Content-Type': 'application/json',
          'Content-Length': payload.length,
          Authorization: `Bearer ${token}`,
        },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('error', (err) => done(unreachable(String(err))))
        res.on('end', () => {
          try {
            done(JSON.parse(Buffer.concat(chunks).toString('utf8')) as HubReply<T>)
          } catch {
            done({
              ok: false,
              error: appError(
                'sync/unreachable',
                'Главный компьютер ответил не по протоколу.',
                'The hub answered off-protocol.',
                { status: res.statusCode },
              ),
            })
          }
        })
      },
    )
    req.on('timeout', () => req.destroy(new Error(`no answer in ${timeoutMs} ms`)))
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err instanceof IdentityMismatch) {
        done({ ok: false, error: hubIdentity(url.origin, target.fingerprint ?? '', err.got).data })
        return
      }
      // A kept-alive connection the hub closed just before we used it: once more on a fresh one, at once.
      if (!retried && req.reusedSocket && err.code === 'ECONNRESET' && !settled) {
        settled = true
        resolve(callHub<T>(target, token, path, body, timeoutMs, true))
        return
      }
      done(unreachable(String(err)))
    })
    req.end(payload)
  })
}

/** Pairing failed because the hub did not answer: nothing is paired, so nothing would ever be sent. */
function pairFailed(address: string, cause: unknown): AppError {
  return syncError(
    'sync/pair_failed',
    `Стол НЕ подключён: главный компьютер по адресу ${address} не ответил. Проверьте адрес и сеть (тот же Wi-Fi?) и повторите подключение.`,
    `The table is NOT paired: the hub at ${address} did not answer. Check the address and the network (the same Wi-Fi?) and pair again.`,
    { address, cause },
  )
}

export class SyncSender {
  private timer: ReturnType<typeof setTimeout> | null = null
  private running = false
  private busy = false
  private again = false
  private failures = 0
  private lastOkAt: number | null = null
  private lastError: AppErrorData | null = null
  private lastHeartbeat = 0
  /** Games the hub must be told the setup of again (it answered sync/unknown_game). */
  private readonly needHeader = new Set<number>()
  /**
   * Games with an open conflict on the hub (its seq, and the appeal behind it when the hub's entry there is the
   * head judge's amendment by one): not sent again until the next pull (the decision).
   */
  private readonly conflicted = new Map<number, { seq: number; appeal: number | null }>()
  /** Games refused for a reason of their own, not sent again before the time given. */
  private readonly held = new Map<number, number>()
  private readonly opts: Required<
    Omit<SenderOptions, 'log' | 'now' | 'clock' | 'onPulled' | 'onCancelled'>
  > & {
    clock?: () => number
    onPulled?: (games: SyncPulledLocal[]) => void
    onCancelled?: (gameId: number, reason: string) => void
    log: (l: string) => void
    now: () => number
  }

  constructor(options: SenderOptions) {
    this.opts = {
      pollMs: 250,
      heartbeatMs: 3000,
      requestTimeoutMs: 5000,
      log: () => {},
      now: () => Date.now(),
      ...options,
    } as SyncSender['opts']
  }

  /** This machine's own id (made once per database): the hub takes a game's entries from one machine only. */
  machine(): string {
    const db = this.opts.db()
    const have = db.settings.getSetting<string>(MACHINE_KEY)
    if (typeof have === 'string' && have !== '') return have
    const id = randomUUID()
    db.settings.setSetting(MACHINE_KEY, id)
    return id
  }

  pairing(): Pairing | null {
    const p = this.opts.db().settings.getSetting<Pairing>(PAIRING_KEY)
    // A pairing kept by an older version has no pin: it works with a hub on this machine only (callHub).
    return p ? { ...p, fingerprint: p.fingerprint ?? null } : null
  }

  /**
   * Pairs this machine with a hub: the hub must answer once (it names the tournament and table) — over TLS with
   * the certificate the code's fingerprint names, or over loopback. A code without a token names a new address
   * of the hub already paired with (the hub's identity is its certificate, not its IP): the pairing is kept,
   * checked against the pinned certificate. Nothing changes when the hub does not answer (sync/pair_failed).
   */
  async pair(code: string, tokenApart?: string): Promise<SyncLocalStatus> {
    const p = parsePairingCode(code, tokenApart)
    const current = this.pairing()
    let token = p.token
    let fingerprint = p.fingerprint
    if (token === null) {
      if (!current) {
        throw syncError(
          'sync/not_paired',
          'В коде нет токена стола: возьмите полный код (или QR-код) с листа главного судьи.',
          "The code has no table token: take the whole code (or the QR code) from the head judge's sheet.",
        )
      }
      if (fingerprint !== null && fingerprint !== current.fingerprint) {
        throw hubIdentity(p.hubUrl, current.fingerprint ?? '', fingerprint)
      }
      token = current.token
      fingerprint = current.fingerprint
    }
    const target: HubTarget = { hubUrl: p.hubUrl, fingerprint }
    const reply = await callHub<SyncHello>(target, token, '/sync/hello', {}, this.opts.requestTimeoutMs)
    if (!reply.ok) {
      if (reply.error.code === 'sync/unreachable') throw pairFailed(p.hubUrl, reply.error.details?.cause)
      throw new AppError(reply.error)
    }
    const pairing: Pairing = {
      hubUrl: p.hubUrl,
      fingerprint,
      token,
      tournamentUuid: reply.value.tournament.uuid,
      tournamentName: reply.value.tournament.name,
      tableNumber: reply.value.table.number,
    }
    this.opts.db().settings.setSetting(PAIRING_KEY, pairing)
    this.lastOkAt = this.opts.now()
    this.lastError = null
    // A new pairing sends at once, whatever back-off the old one was in.
    this.failures = 0
    if (this.running && !this.busy) this.schedule(0)
    this.opts.log(
      `sync: paired with ${p.hubUrl} as table ${pairing.tableNumber} of "${pairing.tournamentName}"`,
    )
    this.kick()
    await this.pull().catch((err: unknown) => this.opts.log(`sync: pull failed: ${String(err)}`))
    return this.status()
  }

  /** Forgets the hub; games already synced stay; the outbox is kept (a later pairing sends it). */
  unpair(): SyncLocalStatus {
    this.opts.db().settings.setSetting(PAIRING_KEY, null)
    this.lastError = null
    this.lastOkAt = null
    this.opts.log('sync: unpaired from the hub')
    return this.status()
  }

  /** The games pulled from the hub that this machine still has. */
  pulled(): SyncPulledLocal[] {
    const db = this.opts.db()
    const all = db.settings.getSetting<SyncPulledLocal[]>(PULLED_KEY) ?? []
    return all.filter((g) => db.games.getGame(g.gameId)?.uuid === g.uuid)
  }

  /**
   * Pulls this table's games of the hub's started rounds and creates the ones this machine lacks, with the same
   * uuid, seating, judge and roles, queued for sync like any game of a paired table. Idempotent: a game already
   * here (by uuid) is left as it is. Returns how many were new.
   */
  async pull(): Promise<number> {
    const pairing = this.pairing()
    if (!pairing) return 0
    const reply = await callHub<SyncPull>(
      pairing,
      pairing.token,
      '/sync/pull',
      {},
      this.opts.requestTimeoutMs,
    )
    if (!this.record(reply) || !reply.ok) return 0
    const db = this.opts.db()
    // The head judge's decisions come with every pull: learnt once, then this table stops sending those games.
    for (const c of reply.value.cancelled ?? []) this.cancelled(c.uuid, c.reason)
    for (const c of reply.value.closed ?? []) this.closed(c)
    this.conflicted.clear() // an open conflict may have been decided: its game is sent again once
    const known = this.pulled()
    const fresh: SyncPulledLocal[] = []
    for (const g of reply.value.games) {
      if (db.games.getGameByUuid(g.uuid)) continue
      // The one setup check of every door into a game's log (engine/verify.ts): a pulled setup no panel could
      // make is not played here (logged; the others still are).
      const setup = checkSetup(g.setup)
      if (!setup.ok) {
        this.opts.log(`sync: pulled game ${String(g.uuid)} refused: ${setup.error.message.en}`)
        continue
      }
      const row = db.sync.transaction(() => {
        const created = db.games.createGame({
          uuid: g.uuid,
          number: g.number,
          judge: g.judge,
          setup: setup.value,
        })
        db.sync.registerGame(created.id)
        return created
      })
      fresh.push({
        gameId: row.id,
        uuid: g.uuid,
        tournament: g.tournament,
        round: g.round,
        table: g.table,
        judge: g.judge,
      })
    }
    if (fresh.length > 0) {
      db.settings.setSetting(PULLED_KEY, [...known, ...fresh])
      this.opts.log(`sync: pulled ${fresh.length} game(s) of this table from the hub`)
      this.opts.onPulled?.(this.pulled())
    }
    return fresh.length
  }

  status(): SyncLocalStatus {
    const p = this.pairing()
    return {
      paired: p !== null,
      hubUrl: p?.hubUrl ?? null,
      fingerprint: p?.fingerprint ?? null,
      tableNumber: p?.tableNumber ?? null,
      tournamentName: p?.tournamentName ?? null,
      pending: this.opts.db().sync.pendingCount(),
      lastOkAt: this.lastOkAt,
      lastError: this.lastError ? { code: this.lastError.code, message: this.lastError.message } : null,
      pulled: this.pulled(),
      games: this.notices(),
    }
  }

  /** The games this table stopped sending, or whose entry waits for the head judge's decision. */
  notices(): SyncGameNotice[] {
    const db = this.opts.db()
    const out: SyncGameNotice[] = []
    for (const s of this.stopped()) {
      const reason = s.state === 'cancelled' ? (db.games.getGame(s.gameId)?.cancelReason ?? '') : s.reason
      out.push({ gameId: s.gameId, uuid: s.uuid, state: s.state, reason, seq: s.seq })
    }
    for (const [gameId, { seq, appeal }] of this.conflicted) {
      const row = db.games.getGame(gameId)
      if (row)
        out.push({
          gameId,
          uuid: row.uuid,
          state: 'conflict',
          reason: '',
          seq,
          ...(appeal === null ? {} : { appeal }),
        })
    }
    return out
  }

  private stopped(): StoppedGame[] {
    const db = this.opts.db()
    return (db.settings.getSetting<StoppedGame[]>(STOPPED_KEY) ?? []).filter(
      (g) => db.games.getGame(g.gameId)?.uuid === g.uuid,
    )
  }

  /** The head judge cancelled this game on the hub: cancelled here too (with his reason), and no longer sent. */
  private cancelled(uuid: string, reason: string): void {
    const db = this.opts.db()
    const row = db.games.getGameByUuid(uuid)
    if (!row || this.stopped().some((g) => g.gameId === row.id)) return
    this.stopSending({ gameId: row.id, uuid, state: 'cancelled', seq: null, reason: '' })
    if (row.cancelledAt === null) {
      try {
        if (this.opts.onCancelled) this.opts.onCancelled(row.id, reason)
        else db.games.cancelGame(row.id, reason)
      } catch (err) {
        // Not sent any more all the same; the judge sees the head judge's decision on the game.
        this.opts.log(`sync: could not cancel game ${uuid} here: ${toAppErrorData(err).message.en}`)
      }
    }
    this.opts.log(`sync: the head judge cancelled game ${uuid} (${reason}); it is no longer sent`)
  }

  /** The head judge kept the hub's version of an entry of this game: it is no longer sent (learnt once). */
  private closed(c: SyncClosedGame): void {
    const db = this.opts.db()
    const row = db.games.getGameByUuid(c.uuid)
    if (!row || this.stopped().some((g) => g.gameId === row.id)) return
    this.stopSending({ gameId: row.id, uuid: c.uuid, state: 'closed', seq: c.seq, reason: c.reason })
    this.opts.log(
      `sync: the head judge kept the hub's version of game ${c.uuid} (entry ${c.seq}); it is no longer sent`,
    )
  }

  /** The game leaves `sync_games` and its outbox, and is listed as stopped, in one transaction. */
  private stopSending(g: StoppedGame): void {
    const db = this.opts.db()
    db.sync.transaction(() => {
      db.sync.unregisterGame(g.gameId)
      db.settings.setSetting(STOPPED_KEY, [...this.stopped().filter((x) => x.gameId !== g.gameId), g])
    })
    this.conflicted.delete(g.gameId)
    this.held.delete(g.gameId)
    this.needHeader.delete(g.gameId)
  }

  start(): void {
    if (this.running) return
    this.running = true
    this.schedule(0)
  }

  stop(): void {
    this.running = false
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }

  /** Something was stored: send it soon (after the current pushes). */
  kick(): void {
    if (!this.running) return
    if (this.busy) {
      this.again = true
      return
    }
    if (this.failures > 0) return // backing off: the scheduled retry will send it
    this.schedule(0)
  }

  private schedule(ms: number): void {
    if (!this.running) return
    if (this.timer) clearTimeout(this.timer)
    this.timer = setTimeout(() => {
      this.timer = null
      void this.tick()
    }, ms)
  }

  private async tick(): Promise<void> {
    if (this.busy || !this.running) return
    this.busy = true
    let next = this.opts.pollMs
    try {
      const ok = await this.drain()
      if (ok) this.failures = 0
      else {
        this.failures += 1
        // Retry soon: a hub that is back drains at once; 20 tables retrying every 2 s cost the hub nothing.
        next = Math.min(2000, 250 * 2 ** Math.min(this.failures, 3))
        next = Math.max(next, this.refusedFor())
      }
    } catch (err) {
      this.failures += 1
      this.lastError = toAppErrorData(err)
      this.opts.log(`sync: sender failed: ${this.lastError.code} ${this.lastError.message.en}`)
      next = 5000
    } finally {
      this.busy = false
    }
    if (this.again && this.failures === 0) next = 0
    this.again = false
    this.schedule(next)
  }

  /**
   * Sends every pending batch; false when the hub could not be reached (or must be asked again soon). A game
   * refused for a reason of its own (a conflict, the head judge's decision, an entry the engine refuses) does not
   * hold the other games back.
   */
  private async drain(): Promise<boolean> {
    const pairing = this.pairing()
    if (!pairing) return true
    const db = this.opts.db()
    const now = this.opts.now()
    const games = db.sync
      .pendingGames()
      .filter((id) => !this.conflicted.has(id) && (this.held.get(id) ?? 0) <= now)
    if (games.length === 0) {
      if (now - this.lastHeartbeat < this.opts.heartbeatMs) return true
      this.lastHeartbeat = now
      const pending = db.sync.pendingCount()
      const reply = await callHub<SyncHello>(pairing, pairing.token, '/sync/hello', { pending })
      if (!this.record(reply)) return false
      // The head judge may have started a round, cancelled a game or decided a conflict: the pull brings it.
      await this.pull()
      return true
    }
    for (const gameId of games) {
      const sent = await this.sendGame(pairing, gameId)
      if (sent === 'down') return false
    }
    return true
  }

  /** Sends one game's pending batches: 'down' when the hub is away or must be asked again soon. */
  private async sendGame(pairing: Pairing, gameId: number): Promise<'sent' | 'refused' | 'down'> {
    const db = this.opts.db()
    for (;;) {
      const batch = db.sync.batch(gameId, SYNC_MAX_ENTRIES)
      if (!batch || batch.entries.length === 0) return 'sent'
      const first = batch.entries[0].seq
      const body: SyncPush = {
        tournament: pairing.tournamentUuid,
        gameUuid: batch.uuid,
        fromSeq: first,
        entries: batch.entries as SyncPush['entries'],
        pending: Math.max(0, db.sync.pendingCount() - batch.entries.length),
      }
      if (first === 1 || this.needHeader.has(gameId)) {
        body.game = {
          setup: batch.setup as NonNullable<SyncPush['game']>['setup'],
          number: batch.number,
          createdAt: batch.createdAt,
        }
      }
      body.sentAt = (this.opts.clock ?? this.opts.now)()
      body.machine = this.machine()
      const reply = await callHub<SyncPushResult>(
        pairing,
        pairing.token,
        '/sync/push',
        body,
        this.opts.requestTimeoutMs,
      )
      if (!reply.ok) {
        const { code, details } = reply.error
        this.record(reply)
        if (code === 'sync/game_cancelled' || code === 'sync/appeal_replayed') {
          this.cancelled(batch.uuid, typeof details?.reason === 'string' ? details.reason : '')
          return 'refused'
        }
        if (code === 'sync/conflict_closed') {
          // The head judge kept the hub's version: this game is not sent again (learnt once, shown to the judge).
          this.closed({
            uuid: batch.uuid,
            seq: typeof details?.seq === 'number' ? details.seq : first,
            resolution: details?.resolution === 'dismiss' ? 'dismiss' : 'keepHub',
            reason: typeof details?.reason === 'string' ? details.reason : '',
          })
          return 'refused'
        }
        if (code === 'sync/conflict' || code === 'sync/appeal_amended') {
          // Kept aside for the head judge: asked again after the next pull, which may bring his decision. An entry
          // that met his amendment by an appeal is said to be so (issue 31 §1).
          this.conflicted.set(gameId, {
            seq: typeof details?.seq === 'number' ? details.seq : first,
            appeal: typeof details?.appeal === 'number' ? details.appeal : null,
          })
          return 'refused'
        }
        const hold = HOLD_MS[code]
        if (hold !== undefined) {
          this.held.set(gameId, this.opts.now() + hold)
          return 'refused'
        }
        if (code === 'sync/unknown_game') this.needHeader.add(gameId)
        const hubLast = details?.hubLast
        if (code === 'sync/gap' && typeof hubLast === 'number') {
          // The hub holds less than we thought (restored from a backup?): queue the rest of the log again.
          db.sync.requeue(gameId, hubLast + 1)
        }
        return 'down'
      }
      this.needHeader.delete(gameId)
      this.held.delete(gameId)
      this.lastHeartbeat = this.opts.now()
      db.sync.acknowledge(gameId, reply.value.acknowledged)
      this.record(reply)
      if (reply.value.acknowledged < first) return 'down' // nothing moved: avoid a busy loop
    }
  }

  /**
   * How long to wait after the hub refused the token itself: a revoked or expired token is asked about once a
   * minute, not every 2 s (the hub rate-limits wrong tokens per address: a table hammering with a dead token
   * would keep its own address blocked, and its re-pairing with a new code waiting).
   */
  private refusedFor(): number {
    const e = this.lastError
    if (e?.code === 'sync/bad_token') return BAD_TOKEN_RETRY_MS
    const after = e?.details?.retryAfter
    if (e?.code === 'sync/too_many_failures' && typeof after === 'number') return Math.min(after, 600) * 1000
    return 0
  }

  private record<T>(reply: HubReply<T>): boolean {
    if (reply.ok) {
      this.lastOkAt = this.opts.now()
      this.lastError = null
      return true
    }
    if (this.lastError?.code !== reply.error.code) {
      this.opts.log(`sync: hub refused: ${reply.error.code} ${reply.error.message.en}`)
    }
    this.lastError = reply.error
    return false
  }
}
