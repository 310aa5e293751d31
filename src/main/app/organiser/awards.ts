/**
 * The organiser's awards (issue 31 §1): the tournament's award rules (stored with migration 10, else the shipped
 * defaults), the winners they give — computed from the live standings, the same per-game points the standings and
 * exports show — and the exports: the diplomas PDF and the awards CSV.
 */
import type { AwardSettings, AwardsView } from '../../../shared/awards'
import type { ExportedFile } from '../../../shared/contract'
import type { MafiaDb } from '../../db'
import { awardsToCsv, renderDiplomas } from '../../export/awards'
import type { Lang } from '../../export/i18n'
import { awardsFromStandings } from '../../tournament/awards'
import { liveStandings, standingsGames, tournamentNotFound } from '../exports'
import type { AppService } from '../service'

function requireTournament(
  db: MafiaDb,
  tournamentId: number,
): NonNullable<ReturnType<MafiaDb['tournaments']['getTournament']>> {
  const t = db.tournaments.getTournament(tournamentId)
  if (!t) throw tournamentNotFound(tournamentId)
  return t
}

/** The rules in force and the winners they give now. */
export function awardsView(db: MafiaDb, tournamentId: number): AwardsView {
  requireTournament(db, tournamentId)
  const { settings, isDefault } = db.awards.effectiveAwardRules(tournamentId)
  const results = awardsFromStandings(
    liveStandings(db, tournamentId),
    standingsGames(db, tournamentId),
    settings,
  )
  return { tournamentId, settings, isDefault, results }
}

/** Stores the rules (null: back to the defaults) and tells every client the tournament changed. */
export function setAwardRules(
  db: MafiaDb,
  service: Pick<AppService, 'tournamentChanged'>,
  tournamentId: number,
  settings: AwardSettings | null,
): AwardsView {
  requireTournament(db, tournamentId)
  if (settings === null) db.awards.clearAwardRules(tournamentId)
  else db.awards.setAwardRules(tournamentId, settings)
  service.tournamentChanged(tournamentId)
  return awardsView(db, tournamentId)
}

/** The diplomas PDF: one page per winner of each enabled award, with the player's club from the registry. */
export async function awardDiplomas(db: MafiaDb, tournamentId: number, lang: Lang): Promise<ExportedFile> {
  const t = requireTournament(db, tournamentId)
  const { results } = awardsView(db, tournamentId)
  const bytes = await renderDiplomas(
    { tournament: t.name, startsOn: t.startsOn, endsOn: t.endsOn, venue: t.venue },
    results,
    (w) => (w.playerId === null ? null : db.players.getPlayer(w.playerId)?.club || null),
    lang,
  )
  return {
    fileName: `diplomas-${tournamentId}-${lang}.pdf`,
    mime: 'application/pdf',
    base64: bytes.toString('base64'),
  }
}

/** The awards as CSV. */
export function awardsCsv(db: MafiaDb, tournamentId: number, lang: Lang): ExportedFile {
  const { results } = awardsView(db, tournamentId)
  return {
    fileName: `awards-${tournamentId}.csv`,
    mime: 'text/csv; charset=utf-8',
    base64: awardsToCsv(results, lang).toString('base64'),
  }
}
