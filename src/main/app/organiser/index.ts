/**
 * The organiser's work (issue 11), one room per organiser page: the tournament's setup (setup.ts), registration
 * (registration.ts), stages and seating (stages-seating.ts), rounds (rounds.ts) and the dashboard (dashboard.ts).
 * Storage is the database's; the rules of seating are the generator's (tournament/seating.ts).
 */
import type { MafiaDb } from '../../db'
import type { AppService } from '../service'
import type { OrganiserDeps } from './context'
import { Dashboard } from './dashboard'
import { Registration } from './registration'
import { Rounds } from './rounds'
import { TournamentSetup } from './setup'
import { StagesSeating } from './stages-seating'

export { SPARE_NAME } from './context'
export { xlsxToCsv } from './registration'

export class Organiser {
  readonly setup: TournamentSetup
  readonly registration: Registration
  readonly seating: StagesSeating
  readonly rounds: Rounds
  readonly dashboard: Dashboard

  constructor(db: () => MafiaDb, service: AppService) {
    const deps: OrganiserDeps = { db, service, detail: (id) => this.dashboard.detail(id) }
    this.dashboard = new Dashboard(deps)
    this.setup = new TournamentSetup(deps)
    this.seating = new StagesSeating(deps)
    this.registration = new Registration(deps, this.seating)
    this.rounds = new Rounds(deps)
  }
}
