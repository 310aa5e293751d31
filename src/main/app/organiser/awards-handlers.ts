/** The contract's `awards.*` handlers (issue 31 §1): each delegates to organiser/awards.ts. */
import type { Handlers } from '../../transport/router'
import type { HandlerDeps } from '../handlers'
import { awardDiplomas, awardsCsv, awardsView, setAwardRules } from './awards'

type AwardsCall = 'awards.get' | 'awards.setRules' | 'awards.diplomas' | 'awards.export'

export function awardsHandlers({
  db,
  service,
}: Pick<HandlerDeps, 'db' | 'service'>): Pick<Handlers, AwardsCall> {
  return {
    'awards.get': ({ tournamentId }) => awardsView(db(), tournamentId),
    'awards.setRules': ({ tournamentId, settings }) => setAwardRules(db(), service, tournamentId, settings),
    'awards.diplomas': ({ tournamentId, lang }) => awardDiplomas(db(), tournamentId, lang ?? 'ru'),
    'awards.export': ({ tournamentId, lang }) => awardsCsv(db(), tournamentId, lang ?? 'ru'),
  }
}
