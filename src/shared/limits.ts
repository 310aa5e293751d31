/**
 * Limits every door shares (the contract's schemas, the registry's checks, the CSV import, a game's seats), so a
 * player registered in one place always fits in every other.
 */

/** A player's nickname (and a game seat's name): at most this many characters after trimming. */
export const NICKNAME_MAX = 60
