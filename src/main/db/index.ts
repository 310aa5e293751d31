/** The tournament database (issue 4). See docs/data-format.md for the exchange format. */
export {
  openDatabase,
  restoreBackup,
  parseExchange,
  MafiaDb,
  DEMO_NICKNAMES,
  DEMO_TOURNAMENT_NAME,
} from './database'
export type { OpenOptions } from './database'
export * from './types'
export type { Substitution, UnfinishedGames } from './tournaments'
export { APPLICATION_ID, LATEST_VERSION, MIGRATIONS } from './schema'
export type { Migration } from './schema'
export { EXCHANGE_FORMAT, EXCHANGE_VERSION, exchangeDocumentSchema } from './exchange'
export type { ExchangeDocument, ExchangeGame, ExchangePlayer, ExchangeTournament } from './exchange'
export { MAX_PHOTO_BYTES, detectImageType } from './photos'
export type { ImageType } from './photos'
export { DEFAULT_BACKUPS_TO_KEEP } from './backups'
export { foldKey } from './text'
export { toDbError } from './errors'
export type { DbErrorCode } from './errors'
export type { OutboxBatch, TableGrant, TableTokenRow, ConflictRow, RefusalRow } from './sync'
export type { AppealRecord } from './appeals'
export { tokenHash } from './token-hash'
