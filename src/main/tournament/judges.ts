/** Who judges a table in a round. Pure. */

/**
 * The judge of a table in a round: once its game is made, the game's own (its protocol's; the table's usual
 * judge when empty, as the protocol prints it); before that, the round's judge. The one resolver: the dashboard,
 * and the hub's tables and pulls (issue 16) name the judge through it.
 */
export function judgeAt(
  live: { judge: string } | null,
  tableJudge: string,
  roundJudge: string | undefined,
): string {
  return live ? live.judge || tableJudge : (roundJudge ?? '')
}
