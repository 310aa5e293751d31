/** Texts of the phase banner, shared by the full layout and the information bar. */
import type { PanelView } from '../panel-view'

type T = (key: string, named?: Record<string, unknown>) => string

export function phaseTitle(view: PanelView, t: T): string {
  switch (view.phase) {
    case 'day':
      return t('phase.day', { n: view.day })
    case 'night':
      return t('phase.night', { n: view.night })
    default:
      return t(`phase.${view.phase}`)
  }
}

/** The step line under the title: Voting / Revote / Tie / Last word / night steps / the winner. */
export function stepTitle(view: PanelView, t: T): string {
  if (view.phase === 'finished') return view.winner ? t(`winner.${view.winner}`) : ''
  if (view.phase === 'night') return view.nightStep ? t(`ov.nightStep.${view.nightStep}`) : ''
  if (view.phase !== 'day' || !view.step) return ''
  if (view.step === 'voting') return view.voting?.round === 'revote' ? t('ov.revote') : t('step.voting')
  // Each stage by its own term (docs/rules.md §0, §8): перестрелка → переголосование → «автокатастрофа»: подъём всех.
  if (view.step === 'tieSpeech') return t('step.tieSpeech')
  if (view.step === 'liftAll') return `${t('ov.tie')} · ${t('step.liftAll')}`
  return t(`step.${view.step}`)
}

export function seatName(view: PanelView, seat: number): string {
  return view.players.find((p) => p.seat === seat)?.name ?? ''
}
