/**
 * The names of the contract's calls, as plain data with no dependencies, so the sandboxed preload can expose
 * one method per call without bundling zod or the engine. contract.ts checks at compile time that this list
 * and the contract's calls are the same set.
 */
export const CALL_NAMES = [
  'app.info',
  'overlay.view',
  'overlay.setSettings',
  'overlay.graphic',
  'game.list',
  'game.active',
  'game.view',
  'game.open',
  'game.create',
  'game.command',
  'rulesets.list',
  'rulesets.save',
  'players.list',
  'players.add',
  'players.update',
  'players.merge',
  'players.importCsv',
  'players.setPhoto',
  'tournaments.list',
  'rounds.finish',
  'data.export',
  'data.import',
  'tournaments.seating',
  'obs.status',
  'obs.settings',
  'obs.saveSettings',
  'obs.connect',
  'obs.disconnect',
  'obs.scenes',
  'obs.switch',
  'obs.break',
  'obs.maps',
  'obs.saveMap',
  'export.protocol',
  'export.standings',
  'standings.get',
  'backup.now',
  'backup.restore',
  'backup.list',
  'tournaments.get',
  'tournaments.create',
  'tournaments.update',
  'tournaments.archive',
  'tournaments.register',
  'tournaments.registerNew',
  'tournaments.importPlayers',
  'tournaments.withdraw',
  'tournaments.setJudge',
  'stages.create',
  'seating.generate',
  'seating.swap',
  'rounds.start',
  'games.cancel',
] as const

export type CallNameFromList = (typeof CALL_NAMES)[number]

export const IPC_PUSH = 'contract:push'
export function ipcCallChannel(name: string): string {
  return `contract:${name}`
}
