/**
 * The control panel's game store: the main process is the authority, so the store only sends commands and
 * shows the view that comes back (or is pushed). An error is kept for display in one place.
 */
import { defineStore } from 'pinia'
import { computed, markRaw, shallowRef, ref, type ComputedRef } from 'vue'
import type {
  CallInput,
  CallName,
  CallOutput,
  GameEnvelope,
  GameSummary,
  SetupInput,
} from '../../../../shared/contract'
import type { Command } from '../../../../shared/game/commands'
import type { ControlView } from '../../../../shared/game/views'
import type { Ruleset } from '../../../../shared/game/ruleset'
import type { AppErrorData } from '../../../../shared/errors'
import type { SyncTableSession } from '../../../../shared/sync'
import { CallError, type ConnectionState, type Transport } from '../../common/transport'
import { shareEqual } from '../../common/share'
import type { PanelRules } from '../logic/keymap'

const FALLBACK_RULES: PanelRules = {
  nonVoters: 'toLastCandidate',
  nominationWithdrawal: false,
  liftAllMajority: 'moreThanHalfLiving',
}

/** Every field of the control view, so `live` below has one computed per field (the compiler checks the list). */
const VIEW_FIELDS: Record<keyof ControlView, true> = {
  revision: true,
  rulesetId: true,
  phase: true,
  step: true,
  nightStep: true,
  day: true,
  night: true,
  speaker: true,
  nominees: true,
  voting: true,
  liftAll: true,
  lastNight: true,
  bestMove: true,
  timer: true,
  winner: true,
  players: true,
  canUndo: true,
  canRedo: true,
  undoLabel: true,
  redoLabel: true,
  voteCancelled: true,
  scores: true,
  tie: true,
  notice: true,
  end: true,
}

/**
 * The view read field by field: each field is its own computed, and a computed whose value is the same object as
 * before (`shareEqual` keeps unchanged parts) does not wake its readers. A component that reads `phase` and
 * `players` re-renders when one of them changes, not at every new revision.
 */
function fieldwise(view: ComputedRef<ControlView | null>): ControlView {
  const out = {} as ControlView
  for (const key of Object.keys(VIEW_FIELDS) as Array<keyof ControlView>) {
    const field = computed(() => view.value?.[key])
    Object.defineProperty(out, key, { get: () => field.value, enumerable: true })
  }
  return markRaw(out)
}

export function toErrorData(err: unknown): AppErrorData {
  return err instanceof CallError
    ? err.data
    : { code: 'app/unknown', message: { ru: `Ошибка: ${String(err)}`, en: `Error: ${String(err)}` } }
}

export const useGameStore = defineStore('game', () => {
  const envelope = shallowRef<GameEnvelope | null>(null)
  const error = ref<AppErrorData | null>(null)
  const busy = ref(false)
  const rulesets = shallowRef<Ruleset[]>([])
  const games = shallowRef<GameSummary[]>([])
  const connection = ref<ConnectionState>('open')
  /** What the server lets this page do: 'read' means the page was opened without the control token. */
  const access = ref<'read' | 'control' | null>(null)
  /** A tablet with a table token on the head machine (issue 16): its table and that table's games; else null. */
  const table = shallowRef<SyncTableSession | null>(null)
  let transport: Transport | null = null

  const view = computed(() => envelope.value?.view ?? null)
  const fields = fieldwise(view)
  /**
   * The view for rendering: the same object for as long as there is a view (null without one), whose fields are
   * tracked one by one. Components read this, not `view`, which changes at every command.
   */
  const live = computed<ControlView | null>(() => (view.value ? fields : null))
  const gameId = computed(() => envelope.value?.gameId ?? null)
  const summary = computed(() => envelope.value?.game ?? null)
  const ruleset = computed<Ruleset | null>(() => {
    const id = live.value?.rulesetId
    return rulesets.value.find((r) => r.id === id) ?? null
  })
  const rules = computed<PanelRules>(() =>
    ruleset.value
      ? {
          nonVoters: ruleset.value.nonVoters,
          nominationWithdrawal: ruleset.value.nominationWithdrawal,
          liftAllMajority: ruleset.value.liftAll.majority,
        }
      : FALLBACK_RULES,
  )

  function accept(next: GameEnvelope | null): void {
    if (!next) return
    const cur = envelope.value
    // Views arrive both as replies and as pushes; never step back to an older revision of the same game.
    if (
      cur &&
      cur.gameId === next.gameId &&
      next.view.revision <= cur.view.revision &&
      cur.game.status === next.game.status
    )
      return
    // Unchanged seats stay the same objects, so the panel re-renders only what the command changed.
    envelope.value = shareEqual(cur, next)
  }

  function fail(err: unknown): void {
    error.value = toErrorData(err)
  }

  function clearError(): void {
    error.value = null
  }

  async function call<K extends CallName>(name: K, params: CallInput<K>): Promise<CallOutput<K>> {
    if (!transport)
      throw new CallError({ code: 'transport/none', message: { ru: 'Нет связи', en: 'No connection' } })
    return transport.call(name, params)
  }

  async function loadRulesets(): Promise<void> {
    try {
      rulesets.value = await call('rulesets.list', {})
    } catch (err) {
      fail(err)
    }
  }

  async function refresh(): Promise<void> {
    if (!transport) return
    try {
      const cur = envelope.value
      const next = cur
        ? await transport.call('game.view', { gameId: cur.gameId })
        : await transport.call('game.active', {})
      // A resync brings the same view as a new object: what did not change stays the same object.
      if (next) envelope.value = shareEqual(cur, next)
    } catch (err) {
      // A table token may not ask for the head machine's active game (the stream's): it opens its own table's.
      if (!envelope.value && toErrorData(err).code === 'contract/forbidden' && (await loadTable())) return
      fail(err)
    }
  }

  /** A tablet's table and games; its game opens at once when there is one to play (issue 16). */
  async function loadTable(): Promise<boolean> {
    try {
      table.value = await call('sync.table', {})
    } catch {
      table.value = null
    }
    const gameId = table.value?.gameId
    if (gameId != null && !envelope.value) accept(await call('game.view', { gameId }).catch(() => null))
    return table.value !== null
  }

  function attach(t: Transport): void {
    transport = t
    t.onPush((channel, payload) => {
      if (channel !== 'game.view') return
      const env = payload as GameEnvelope
      // The judge works on the game he opened; pushes about another game do not switch it under him.
      if (envelope.value && envelope.value.gameId !== env.gameId) return
      accept(env)
    })
    t.onResync(() => void refresh())
    connection.value = t.state()
    access.value = t.access()
    t.onState((state, a) => {
      connection.value = state
      access.value = a
    })
    void refresh()
    void loadRulesets()
  }

  async function command(cmd: Command): Promise<boolean> {
    if (!transport || !envelope.value) return false
    busy.value = true
    try {
      accept(await transport.call('game.command', { gameId: envelope.value.gameId, command: cmd }))
      error.value = null
      return true
    } catch (err) {
      // A tablet's game a table machine began to send meanwhile: its table's list learns who writes it now.
      if (table.value && toErrorData(err).code === 'sync/table_machine_game') void loadTable()
      fail(err)
      return false
    } finally {
      busy.value = false
    }
  }

  async function listGames(): Promise<void> {
    try {
      games.value = await call('game.list', {})
    } catch (err) {
      fail(err)
    }
  }

  async function open(gameId: number): Promise<boolean> {
    try {
      envelope.value = await call('game.open', { gameId })
      error.value = null
      return true
    } catch (err) {
      fail(err)
      return false
    }
  }

  /** Creates a game from the setup screen and starts it (zero night). */
  async function create(input: SetupInput, start: boolean): Promise<boolean> {
    try {
      envelope.value = await call('game.create', input)
      error.value = null
    } catch (err) {
      fail(err)
      return false
    }
    return start ? command({ cmd: 'start' }) : true
  }

  return {
    envelope,
    view,
    live,
    gameId,
    summary,
    error,
    busy,
    rulesets,
    ruleset,
    rules,
    games,
    connection,
    access,
    table,
    loadTable,
    attach,
    refresh,
    command,
    accept,
    fail,
    clearError,
    call,
    loadRulesets,
    listGames,
    open,
    create,
  }
})
